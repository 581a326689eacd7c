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

/// View → Presenter: what the user did.
protocol TodoAllEventHandling: AnyObject {
    func didAppear()
    func didComplete(item: Int) throws
    func didAskToDelete(item: Int) throws
    func didAskToEdit(item: Int) throws
    func didAskToUndo()
}

/// Presenter → Interactor: the use cases.
protocol TodoAllInteracting: AnyObject {
    func doFindAllItems()
    func doCompleteItem(id: Int64)
    func doDeleteItem(id: Int64)
    func doUndo()
    /// The stored item behind `id`, as last read (for the editor).
    func doFindItem(id: Int64) -> TodoItem?
}

/// Interactor → Presenter: the results.
protocol TodoAllInteractorOutput: AnyObject {
    func handleGroups(_ groups: [TodoGroup])
    func handleChange(_ change: TodoChange)
    func handleFailure(_ message: String)
}

/// Presenter → Router.
protocol TodoAllRouting: AnyObject {
    func showEditor(for item: TodoItem, output: any TodoItemEditingOutput) throws
}

/// What the view draws: display strings only.
struct TodoAllViewModel: Equatable {
    var sections: [UpcomingDisplaySection] = []
    var emptyMessage = "No to-do items. Type 'back' and 'add NAME' to add one."
    var error: String?
    var notice: String?
}
