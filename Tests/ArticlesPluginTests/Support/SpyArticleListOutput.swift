import Contracts
@testable import ArticlesPlugin

/// Records what the list Interactor reports.
final class SpyArticleListOutput: ArticleListInteractorOutput {
    private(set) var loaded: [[Article]] = []
    private(set) var failures: [String] = []

    func handleArticlesLoaded(_ articles: [Article], from source: String) {
        loaded.append(articles)
    }

    func handleLoadFailed(_ message: String, source: String) {
        failures.append(message)
    }
}
