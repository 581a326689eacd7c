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
}

/// Presenter → Interactor: the use cases.
protocol TodoListInteracting: AnyObject {
    func doFindUpcomingItems()
    func doCompleteItem(id: Int64)
}

/// Interactor → Presenter: the results (the to-do app's UpcomingInteractorOutput).
protocol TodoListInteractorOutput: AnyObject {
    func handleUpcomingItems(_ items: [UpcomingItem])
    func handleFailure(_ message: String)
}

/// Presenter → Router.
protocol TodoListRouting: AnyObject {
    func showAddItem(name: String, output: any TodoAddingOutput) throws
}

/// What the view draws: display strings only (the to-do app's UpcomingDisplayData).
struct TodoListViewModel: Equatable {
    var sections: [UpcomingDisplaySection] = []
    var emptyMessage = "Nothing due by the end of next week. Type 'add NAME' to add an item."
    var error: String?
    var notice: String?
}

/// One group of the list, e.g. "Tomorrow" with its rows.
struct UpcomingDisplaySection: Equatable {
    let name: String
    let rows: [String]
}
