import Contracts

/// Presenter → View: what to draw.
protocol TodoListViewing: AnyObject {
    func didUpdate(_ model: TodoListViewModel)
}

/// View → Presenter: what the user did. Items are named by their stable ids.
protocol TodoListEventHandling: TodoItemEventHandling {
    func didAppear()
    func didAskToAdd(name: String) throws
    /// `edit ID` opens the editor; `edit ID due:friday pri:H` fills in those fields too.
    func didAskToEdit(id: Int64, fields: String) throws
    /// `modify ID FIELDS`: changes item ID at once, as taskwarrior's `modify`.
    func didAskToModify(id: Int64, fields: String) throws
    func didAskToFind(_ text: String)
    func didAskForTag(_ tag: String)
    func didAskForAllItems() throws
    func didAskForFinishedItems() throws
    func didAskToImport(path: String) throws
    func didAskToExport(path: String) throws
}

/// Presenter → Interactor: the use cases. A command on an item that is not there throws a
/// ``CommandError`` (so a script stops); what changed goes to the output.
protocol TodoListInteracting: AnyObject {
    func doFindUpcomingItems()
    func doFilter(_ filter: TodoFilter)
    func doCompleteItems(ids: [Int64]) throws
    func doDeleteItems(ids: [Int64]) throws
    func doReopenItems(ids: [Int64]) throws
    func doSetPriority(_ priority: TodoPriority?, ids: [Int64]) throws
    func doAnnotate(id: Int64, text: String) throws
    func doUndo() throws
    /// Items `ids` as plain values, for the question before `delete`; nil when one is not there.
    func doFindItems(ids: [Int64]) -> [TodoSummary]?
    /// Checks that item `id` exists before the editor opens.
    func doCheckItem(id: Int64) throws
    /// Adds the items of the todo.txt file at `path`; a line that cannot be read is named and
    /// skipped, the others are added, and the command then fails (so a script exits 1).
    func doImport(path: String) throws
    /// Writes every item, open and finished, to the new todo.txt file `path`.
    func doExport(path: String) throws
}

/// Interactor → Presenter: the results (the to-do app's UpcomingInteractorOutput).
protocol TodoListInteractorOutput: AnyObject {
    func handleUpcomingItems(_ found: UpcomingItems, filter: TodoFilter)
    func handleChange(_ change: TodoChange)
    func handleFailure(_ message: String)
}

/// Presenter → Router: to the plugin's other modules, by their contracts.
protocol TodoListRouting: AnyObject {
    func showAddItem(name: String, output: any TodoAddingOutput) throws
    /// Presents the editor on item `id`; `fields` (`due:friday pri:H`, maybe empty) filled in.
    func showEditor(forItem id: Int64, changing fields: String, output: any TodoItemEditingOutput) throws
    func showAllItems() throws
    func showFinishedItems() throws
    /// Presents the editor on item `id` with `fields` filled in and saves at once (`modify`);
    /// throws, with nothing saved, when a field does not read.
    func modifyItem(_ id: Int64, fields: String, output: any TodoItemEditingOutput) throws
}

/// What the view draws: display strings only.
struct TodoListViewModel: Equatable {
    var sections: [TodoDisplaySection] = []
    var emptyMessage = "Nothing overdue and nothing due by the end of next week. Type 'add NAME' to add an item, 'all' for every item."
    /// e.g. "Items tagged +home. Type 'tag' alone to show every item."
    var filter: String?
    /// e.g. "2 more items are due after next week: 'all' shows them."
    var later: String?
    var error: String?
    var notice: String?
    /// Set when the list is asked for as data (`viper --json`): the one JSON document drawn in place of the rest.
    var json: String?
}
