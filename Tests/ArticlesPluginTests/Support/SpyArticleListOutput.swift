import Contracts
@testable import ArticlesPlugin

/// Records what the list Interactor reports.
final class SpyArticleListOutput: ArticleListInteractorOutput {
    private(set) var loaded: [[FeedItem]] = []
    private(set) var fetchedTimes: [Double?] = []
    private(set) var failures: [String] = []
    private(set) var lastGood: [CachedFeed?] = []
    private(set) var cancelled: [String] = []
    private(set) var stillLoading: [String] = []
    private(set) var progress: [RefreshEvent] = []

    func handleStillLoading(source: String) { stillLoading.append(source) }

    func handleArticlesLoaded(_ items: [FeedItem], from source: String, fetched: Double?) {
        loaded.append(items)
        fetchedTimes.append(fetched)
    }

    func handleLoadFailed(_ message: String, source: String, lastGood: CachedFeed?) {
        failures.append(message)
        self.lastGood.append(lastGood)
    }

    func handleLoadCancelled(source: String, lastGood: CachedFeed?) {
        cancelled.append(source)
        self.lastGood.append(lastGood)
    }

    func handleRefreshProgress(_ event: RefreshEvent) { progress.append(event) }

    private(set) var checked: [String] = []

    func handleChecking(_ address: String) { checked.append(address) }
}
