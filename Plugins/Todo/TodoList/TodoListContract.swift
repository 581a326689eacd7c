import Contracts

/// Presenter → View: what to draw.
protocol TodoListViewing: AnyObject {
    func didUpdate(_ model: TodoListViewModel)
}

/// View → Presenter: what the user did.
protocol TodoListEventHandling: AnyObject {
    func didAppear()
    func didAskToAdd(name: String) throws
    func didComplete(item: Int) throws
    func didAskToDelete(item: Int) throws
    func didAskToEdit(item: Int) throws
    func didAskToUndo()
    func didAskForAllItems() throws
}

/// Presenter → Interactor: the use cases.
protocol TodoListInteracting: AnyObject {
    func doFindUpcomingItems()
    func doCompleteItem(id: Int64)
    func doDeleteItem(id: Int64)
    func doUndo()
    /// The stored item behind `id`, as last read (for the editor).
    func doFindItem(id: Int64) -> TodoItem?
}

/// Interactor → Presenter: the results (the to-do app's UpcomingInteractorOutput).
protocol TodoListInteractorOutput: AnyObject {
    func handleUpcomingItems(_ items: [UpcomingItem])
    func handleChange(_ change: TodoChange)
    func handleFailure(_ message: String)
}

/// Presenter → Router.
protocol TodoListRouting: AnyObject {
    func showAddItem(name: String, output: any TodoAddingOutput) throws
    func showEditor(for item: TodoItem, output: any TodoItemEditingOutput) throws
    func showAllItems() throws
}

/// What the view draws: display strings only (the to-do app's UpcomingDisplayData).
struct TodoListViewModel: Equatable {
    var sections: [UpcomingDisplaySection] = []
    var emptyMessage = "Nothing overdue and nothing due by the end of next week. Type 'add NAME' to add an item, 'all' for every item."
    var error: String?
    var notice: String?
}

/// One group of the list, e.g. "Tomorrow" with its rows.
struct UpcomingDisplaySection: Equatable {
    let name: String
    let rows: [String]
}
