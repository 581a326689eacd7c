import Contracts

/// Navigation out of the list: pushes whichever module provides ``ArticleShowing``, and
/// opens an article's page in the user's browser.
final class ArticleListRouter: ArticleListRouting {
    private let router: any Router
    private let pages: (any PageOpening)?

    init(router: any Router, pages: (any PageOpening)? = nil) {
        self.router = router
        self.pages = pages
    }

    func openPage(_ address: String) throws -> Bool {
        try pages?.open(address) ?? false
    }

    func showDetails(for article: Article, next: @escaping (_ forward: Bool) -> Article?) throws {
        try router.push(ArticleShowing.self) { detail in
            detail.show(article)
            (detail as? any ArticleStepping)?.nextArticle = next
        }
    }
}
