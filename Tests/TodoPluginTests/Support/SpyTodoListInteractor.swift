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
        output?.handleUpcomingItems(UpcomingItems(items: items), filter: filters.last ?? .all)
    }

    func doFilter(_ filter: TodoFilter) {
        filters.append(filter)
        doFindUpcomingItems()
    }

    private(set) var priorities: [(TodoPriority?, [Int64])] = []
    private(set) var notes: [(Int64, String)] = []
    private(set) var imports: [String] = []
    private(set) var exports: [String] = []

    func doCompleteItems(ids: [Int64]) throws {
        let done = try ids.map(stored)
        completed += ids
        output?.handleChange(.done(done, next: []))
        items.removeAll { ids.contains($0.id) }
        doFindUpcomingItems()
    }

    func doDeleteItems(ids: [Int64]) throws {
        let gone = try ids.map(stored)
        deleted += ids
        output?.handleChange(.deleted(gone))
        items.removeAll { ids.contains($0.id) }
        doFindUpcomingItems()
    }

    func doReopenItems(ids: [Int64]) throws {
        reopened += ids
    }

    func doSetPriority(_ priority: TodoPriority?, ids: [Int64]) throws {
        priorities.append((priority, ids))
    }

    func doAnnotate(id: Int64, text: String) throws {
        notes.append((id, text))
    }

    func doImport(path: String) throws {
        imports.append(path)
    }

    func doExport(path: String) throws {
        exports.append(path)
    }

    func doUndo() throws {
        undoCount += 1
        output?.handleChange(.nothingToUndo)
    }

    func doFindItems(ids: [Int64]) -> [TodoSummary]? {
        try? ids.map(stored)
    }

    func doCheckItem(id: Int64) throws {
        _ = try stored(id)
    }

    private func stored(_ id: Int64) throws -> TodoSummary {
        guard let item = items.first(where: { $0.id == id }) else { throw CommandError("there is no to-do item \(id)") }
        return TodoSummary(id: item.id, title: item.title, due: nil)
    }
}
