import Contracts

/// The finished-items module's input (route `todo/done`); the plugin's own contract.
protocol TodoDoneListing: AnyObject {
    /// Reads the finished items again.
    func reloadItems()
}

/// Presenter → View: what to draw.
protocol TodoDoneViewing: AnyObject {
    func didUpdate(_ model: TodoDoneViewModel)
}

/// View → Presenter: what the user did, by item id.
protocol TodoDoneEventHandling: AnyObject {
    func didAppear()
    func didAskToReopen(ids: [Int64]) throws
    func didAskToDelete(ids: [Int64]) throws
    func didAskToUndo() throws
    /// What to ask before `delete` of items `ids` at a terminal; nil when one is not there.
    func questionBeforeDeleting(ids: [Int64]) -> String?
}

/// Presenter → Interactor: the use cases.
protocol TodoDoneInteracting: AnyObject {
    func doFindFinishedItems()
    func doReopenItems(ids: [Int64]) throws
    func doDeleteItems(ids: [Int64]) throws
    func doUndo() throws
    /// Items `ids` as plain values, for the question before `delete`; nil when one is not there.
    func doFindItems(ids: [Int64]) -> [TodoSummary]?
}

/// Interactor → Presenter: the results.
protocol TodoDoneInteractorOutput: AnyObject {
    func handleFinishedItems(_ items: [FinishedItem])
    func handleChange(_ change: TodoChange)
    func handleFailure(_ message: String)
}

/// What the view draws: display strings only.
struct TodoDoneViewModel: Equatable {
    var rows: [TodoDisplayRow] = []
    var emptyMessage = "Nothing finished yet. On a to-do list, 'done ID' marks an item done."
    var error: String?
    var notice: String?
    /// Set when the list is asked for as data (`viper --json`): the one JSON document drawn in place of the rest.
    var json: String?
}
