@testable import ArticlesPlugin

/// Records the display models the list Presenter sends.
final class SpyArticleListView: ArticleListViewing {
    private(set) var models: [ArticleListViewModel] = []
    var last: ArticleListViewModel? { models.last }

    func didUpdate(_ model: ArticleListViewModel) {
        models.append(model)
    }
}
