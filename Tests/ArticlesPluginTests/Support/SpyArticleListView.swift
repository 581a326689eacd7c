import ViperTestSupport
@testable import ArticlesPlugin

/// Records the display models the list Presenter sends.
final class SpyArticleListView: ViewSpy<ArticleListViewModel>, ArticleListViewing {
    private(set) var progress: [String] = []

    func didReportProgress(_ line: String) {
        progress.append(line)
    }
}
