import Contracts

/// Presenter → View: what to draw.
protocol ArticleDetailViewing: AnyObject {
    func didUpdate(_ model: ArticleDetailViewModel)
}

/// What the view draws: display strings only.
struct ArticleDetailViewModel: Equatable {
    var headline = ""
    var fields: [Field] = []
    var paragraphs: [String] = []
}
