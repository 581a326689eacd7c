import Contracts
@testable import TodoPlugin

/// Records the use cases the Presenter starts, and answers with canned items.
final class SpyTodoListInteractor: TodoListInteracting {
    weak var output: (any TodoListInteractorOutput)?
    var items: [UpcomingItem] = []
    private(set) var findCount = 0
    private(set) var filters: [TodoFilter] = []
    private(set) var completed: [Int64] = []
    private(set) var deleted: [Int64] = []
    private(set) var reopened: [Int64] = []
    private(set) var undoCount = 0

    func doFindUpcomingItems() {
        findCount += 1
        output?.handleUpcomingItems(items, filter: filters.last ?? .all)
    }

    func doFilter(_ filter: TodoFilter) {
        filters.append(filter)
        doFindUpcomingItems()
    }

    func doCompleteItem(id: Int64) throws {
        let item = try stored(id)
        completed.append(id)
        output?.handleChange(.done(item))
        items.removeAll { $0.id == id }
        doFindUpcomingItems()
    }

    func doDeleteItem(id: Int64) throws {
        let item = try stored(id)
        deleted.append(id)
        output?.handleChange(.deleted(item))
        items.removeAll { $0.id == id }
        doFindUpcomingItems()
    }

    func doReopenItem(id: Int64) throws {
        reopened.append(id)
    }

    func doUndo() throws {
        undoCount += 1
        output?.handleChange(.nothingToUndo)
    }

    func doCheckItem(id: Int64) throws {
        _ = try stored(id)
    }

    private func stored(_ id: Int64) throws -> TodoSummary {
        guard let item = items.first(where: { $0.id == id }) else { throw CommandError("there is no to-do item \(id)") }
        return TodoSummary(id: item.id, title: item.title, due: nil)
    }
}
