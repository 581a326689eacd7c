import Contracts

/// Navigation out of the list: pushes whichever module provides ``ArticleShowing``.
final class ArticleListRouter: ArticleListRouting {
    private let router: any Router

    init(router: any Router) {
        self.router = router
    }

    func showDetails(for article: Article) throws {
        try router.push(ArticleShowing.self) { $0.show(article) }
    }
}
