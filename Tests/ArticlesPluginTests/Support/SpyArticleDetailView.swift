import ViperTestSupport
@testable import ArticlesPlugin

/// Records the display models the detail Presenter sends.
final class SpyArticleDetailView: ViewSpy<ArticleDetailViewModel>, ArticleDetailViewing {}
