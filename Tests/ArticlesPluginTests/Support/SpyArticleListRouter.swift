import Contracts
@testable import ArticlesPlugin

/// Records the articles the list Presenter asks to show.
final class SpyArticleListRouter: ArticleListRouting {
    private(set) var shown: [Article] = []

    func showDetails(for article: Article) throws {
        shown.append(article)
    }
}
