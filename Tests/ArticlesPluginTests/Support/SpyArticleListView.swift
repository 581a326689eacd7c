import ViperTestSupport
@testable import ArticlesPlugin

/// Records the display models the list Presenter sends.
final class SpyArticleListView: ViewSpy<ArticleListViewModel>, ArticleListViewing {}
