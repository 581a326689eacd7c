import Contracts
@testable import ArticlesPlugin

/// Records the articles the list Presenter asks to show.
final class SpyArticleListRouter: ArticleListRouting {
    private(set) var shown: [Article] = []

    func showDetails(for article: Article) throws {
        shown.append(article)
    }

    /// Whether a browser "runs"; the pages asked for, in order.
    var hasBrowser = true
    private(set) var opened: [String] = []

    func openPage(_ address: String) throws -> Bool {
        opened.append(address)
        return hasBrowser
    }
}
