import Contracts
@testable import ArticlesPlugin

/// Records what the list Interactor reports.
final class SpyArticleListOutput: ArticleListInteractorOutput {
    private(set) var loaded: [[Article]] = []
    private(set) var fetchedTimes: [Double?] = []
    private(set) var failures: [String] = []
    private(set) var lastGood: [CachedFeed?] = []
    private(set) var cancelled: [String] = []
    private(set) var stillLoading: [String] = []

    func handleStillLoading(source: String) {
        stillLoading.append(source)
    }

    func handleArticlesLoaded(_ articles: [Article], from source: String, fetched: Double?) {
        loaded.append(articles)
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

    private(set) var subscriptions: [[String]] = []
    private(set) var notices: [String] = []
    private(set) var problems: [[String]] = []

    func handleSubscriptions(_ addresses: [String], notice: String) {
        subscriptions.append(addresses)
        notices.append(notice)
    }

    func handleFeedProblems(_ problems: [String]) {
        self.problems.append(problems)
    }

    private(set) var progress: [String] = []

    func handleRefreshProgress(fetched: Int, of total: Int) {
        progress.append("\(fetched)/\(total)")
    }
}
