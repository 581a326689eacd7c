import Contracts

/// Presenter → View: what to draw.
protocol ArticleDetailViewing: AnyObject {
    func didUpdate(_ model: ArticleDetailViewModel)
}

/// View → Presenter: what the user did. The View holds its Presenter through this protocol.
protocol ArticleDetailEventHandling: AnyObject {
    /// Opens the article's page (`browse`).
    func didAskToBrowse() throws
}

/// Presenter → Router.
protocol ArticleDetailRouting: AnyObject {
    /// Opens `address` in the user's browser; false when there is none to open it with.
    func openPage(_ address: String) throws -> Bool
}

/// What the view draws: display strings only.
struct ArticleDetailViewModel: Equatable {
    var headline = ""
    var fields: [Field] = []
    var paragraphs: [String] = []
    var notice: String?
}
