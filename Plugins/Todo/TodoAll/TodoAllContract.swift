import Contracts

/// The all-items module's input (route `todo/all`); the plugin's own contract.
protocol TodoAllListing: AnyObject {
    /// Reads the items from the store again.
    func reloadItems()
}

/// Presenter → View: what to draw.
protocol TodoAllViewing: AnyObject {
    func didUpdate(_ model: TodoAllViewModel)
}

/// View → Presenter: what the user did. Items are named by their stable id.
protocol TodoAllEventHandling: TodoItemEventHandling {
    func didAppear()
    /// `edit ID` opens the editor; `edit ID due:friday pri:H` fills in those fields too.
    func didAskToEdit(id: Int64, fields: String) throws
    /// `modify ID FIELDS`: changes item ID at once, as taskwarrior's `modify`.
    func didAskToModify(id: Int64, fields: String) throws
    func didAskToFind(_ text: String)
    func didAskForTag(_ tag: String)
}

/// Presenter → Interactor: the use cases; a command on an item that is not there throws.
protocol TodoAllInteracting: AnyObject {
    func doFindAllItems()
    func doFilter(_ filter: TodoFilter)
    func doCompleteItems(ids: [Int64]) throws
    func doDeleteItems(ids: [Int64]) throws
    func doReopenItems(ids: [Int64]) throws
    func doSetPriority(_ priority: TodoPriority?, ids: [Int64]) throws
    func doAnnotate(id: Int64, text: String) throws
    func doUndo() throws
    /// Items `ids` as plain values, for the question before `delete`; nil when one is not there.
    func doFindItems(ids: [Int64]) -> [TodoSummary]?
    func doCheckItem(id: Int64) throws
}

/// Interactor → Presenter: the results.
protocol TodoAllInteractorOutput: AnyObject {
    func handleGroups(_ groups: [TodoGroup], filter: TodoFilter)
    func handleChange(_ change: TodoChange)
    func handleFailure(_ message: String)
}

/// Presenter → Router.
protocol TodoAllRouting: AnyObject {
    /// Presents the editor on item `id`; `fields` (`due:friday pri:H`, maybe empty) filled in.
    func showEditor(forItem id: Int64, changing fields: String, output: any TodoItemEditingOutput) throws
    /// Presents the editor on item `id` with `fields` filled in and saves at once (`modify`);
    /// throws, with nothing saved, when a field does not read.
    func modifyItem(_ id: Int64, fields: String, output: any TodoItemEditingOutput) throws
}

/// What the view draws: display strings only.
struct TodoAllViewModel: Equatable {
    var sections: [TodoDisplaySection] = []
    var emptyMessage = "No to-do items. Type 'back' and 'add NAME' to add one."
    var filter: String?
    var error: String?
    var notice: String?
    /// Set when the list is asked for as data (`viper --json`): the one JSON document drawn in place of the rest.
    var json: String?
}
