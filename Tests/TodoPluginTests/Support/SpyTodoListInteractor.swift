@testable import TodoPlugin

/// Records the use cases the Presenter starts, and answers with canned items.
final class SpyTodoListInteractor: TodoListInteracting {
    weak var output: (any TodoListInteractorOutput)?
    var items: [UpcomingItem] = []
    private(set) var findCount = 0
    private(set) var completed: [Int64] = []

    func doFindUpcomingItems() {
        findCount += 1
        output?.handleUpcomingItems(items)
    }

    func doCompleteItem(id: Int64) {
        completed.append(id)
        items.removeAll { $0.id == id }
        doFindUpcomingItems()
    }
}
