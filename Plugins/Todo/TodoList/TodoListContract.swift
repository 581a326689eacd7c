import Contracts

/// Presenter → View: what to draw.
protocol TodoListViewing: AnyObject {
    func didUpdate(_ model: TodoListViewModel)
}

/// View → Presenter: what the user did. Items are named by their stable id.
protocol TodoListEventHandling: AnyObject {
    func didAppear()
    func didAskToAdd(name: String) throws
    func didComplete(id: Int64) throws
    func didAskToDelete(id: Int64) throws
    func didAskToReopen(id: Int64) throws
    func didAskToEdit(id: Int64) throws
    func didAskToUndo() throws
    func didAskToFind(_ text: String)
    func didAskForTag(_ tag: String)
    func didAskForAllItems() throws
    func didAskForFinishedItems() throws
}

/// Presenter → Interactor: the use cases. A command on an item that is not there throws a
/// ``CommandError`` (so a script stops); what changed goes to the output.
protocol TodoListInteracting: AnyObject {
    func doFindUpcomingItems()
    func doFilter(_ filter: TodoFilter)
    func doCompleteItem(id: Int64) throws
    func doDeleteItem(id: Int64) throws
    func doReopenItem(id: Int64) throws
    func doUndo() throws
    /// Checks that item `id` exists before the editor opens.
    func doCheckItem(id: Int64) throws
}

/// Interactor → Presenter: the results (the to-do app's UpcomingInteractorOutput).
protocol TodoListInteractorOutput: AnyObject {
    func handleUpcomingItems(_ items: [UpcomingItem], filter: TodoFilter)
    func handleChange(_ change: TodoChange)
    func handleFailure(_ message: String)
}

/// Presenter → Router: to the plugin's other modules, by their contracts.
protocol TodoListRouting: AnyObject {
    func showAddItem(name: String, output: any TodoAddingOutput) throws
    func showEditor(forItem id: Int64, output: any TodoItemEditingOutput) throws
    func showAllItems() throws
    func showFinishedItems() throws
}

/// What the view draws: display strings only (the to-do app's UpcomingDisplayData).
struct TodoListViewModel: Equatable {
    var sections: [TodoDisplaySection] = []
    var emptyMessage = "Nothing overdue and nothing due by the end of next week. Type 'add NAME' to add an item, 'all' for every item."
    /// e.g. "Items tagged +home. Type 'tag' alone to show every item."
    var filter: String?
    var error: String?
    var notice: String?
}
