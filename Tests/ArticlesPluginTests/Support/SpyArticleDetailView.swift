@testable import ArticlesPlugin

/// Records the display models the detail Presenter sends.
final class SpyArticleDetailView: ArticleDetailViewing {
    private(set) var models: [ArticleDetailViewModel] = []

    func didUpdate(_ model: ArticleDetailViewModel) {
        models.append(model)
    }
}
