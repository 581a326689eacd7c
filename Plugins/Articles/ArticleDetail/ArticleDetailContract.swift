import Contracts

/// Presenter → View: what to draw.
protocol ArticleDetailViewing: AnyObject {
    func didUpdate(_ model: ArticleDetailViewModel)
}

/// View → Presenter: what the user did. The View holds its Presenter through this protocol.
protocol ArticleDetailEventHandling: AnyObject {
    /// Opens the article's page (`browse`).
    func didAskToBrowse() throws
    /// Shows the next unread article of the list this one was read from (`next`).
    func didAskForNext() throws
    /// Shows the unread article before this one in that list (`prev`).
    func didAskForPrevious() throws
    /// Whether there is a list to step through (`next` is offered only then).
    var canStep: Bool { get }
}

/// What the Articles list gives the detail it pushed, when the detail is this plugin's own
/// (another plugin's ``ArticleShowing`` simply has no `next`): the next unread article of the
/// list, marked read, or nil when none is left; `forward` false steps back.
protocol ArticleStepping: AnyObject {
    var nextArticle: ((_ forward: Bool) -> Article?)? { get set }
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
