import Contracts
import ViperTestSupport

/// A to-do store in memory that records what it was asked, and can be told to fail.
final class StubTodoStore: TodoStore {
    var stored: [TodoItem] = []
    var failure: (any Error)?
    private(set) var requestedRanges: [(start: CalendarDay, end: CalendarDay)] = []
    private(set) var removed: [Int64] = []

    init(_ items: [TodoItem] = []) {
        stored = items
    }

    func items(from start: CalendarDay, through end: CalendarDay) throws -> [TodoItem] {
        requestedRanges.append((start, end))
        if let failure { throw failure }
        return stored.filter { $0.due >= start && $0.due <= end }.sorted { ($0.due, $0.id) < ($1.due, $1.id) }
    }

    func add(name: String, due: CalendarDay) throws -> TodoItem {
        if let failure { throw failure }
        let item = TodoItem(id: (stored.map(\.id).max() ?? 0) + 1, name: name, due: due)
        stored.append(item)
        return item
    }

    func update(id: Int64, name: String, due: CalendarDay) throws -> TodoItem {
        if let failure { throw failure }
        guard let index = stored.firstIndex(where: { $0.id == id }) else { throw StubError(description: "no item \(id)") }
        stored[index] = TodoItem(id: id, name: name, due: due)
        return stored[index]
    }

    func remove(id: Int64) throws {
        if let failure { throw failure }
        removed.append(id)
        stored.removeAll { $0.id == id }
    }
}
