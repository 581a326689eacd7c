import Contracts
@testable import ArticlesPlugin

/// Records the articles the list Presenter asks to show.
final class SpyArticleListRouter: ArticleListRouting {
    private(set) var shown: [Article] = []
    /// What the last detail's `next` would call.
    private(set) var next: ((_ forward: Bool) -> Article?)?

    func showDetails(for article: Article, next: @escaping (_ forward: Bool) -> Article?) throws {
        shown.append(article)
        self.next = next
    }

    /// Whether a browser "runs"; the pages asked for, in order.
    var hasBrowser = true
    private(set) var opened: [String] = []

    func openPage(_ address: String) throws -> Bool {
        opened.append(address)
        return hasBrowser
    }
}
