import Contracts
@testable import TodoPlugin

/// Records the use cases the Presenter starts, and answers with canned items.
final class SpyTodoListInteractor: TodoListInteracting {
    weak var output: (any TodoListInteractorOutput)?
    var items: [UpcomingItem] = []
    private(set) var findCount = 0
    private(set) var completed: [Int64] = []
    private(set) var deleted: [Int64] = []
    private(set) var undoCount = 0

    func doFindUpcomingItems() {
        findCount += 1
        output?.handleUpcomingItems(items)
    }

    func doCompleteItem(id: Int64) {
        completed.append(id)
        if let item = stored(id) { output?.handleChange(.done(item)) }
        items.removeAll { $0.id == id }
        doFindUpcomingItems()
    }

    func doDeleteItem(id: Int64) {
        deleted.append(id)
        if let item = stored(id) { output?.handleChange(.deleted(item)) }
        items.removeAll { $0.id == id }
        doFindUpcomingItems()
    }

    func doUndo() {
        undoCount += 1
        output?.handleChange(.nothingToUndo)
    }

    func doFindItem(id: Int64) -> TodoItem? {
        stored(id)
    }

    private func stored(_ id: Int64) -> TodoItem? {
        items.first { $0.id == id }.map { TodoItem(id: $0.id, name: $0.title, due: $0.dueDate) }
    }
}
