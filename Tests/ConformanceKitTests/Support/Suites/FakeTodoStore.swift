import Contracts
import Foundation
import ViperTestSupport

/// A ``TodoStore`` that keeps its items in a file of the data folder; each flaw
/// breaks one promise of the contract.
final class FakeTodoStore: TodoStore {
    enum Flaw: CaseIterable {
        /// Keeps removals in memory only: a new instance finds removed items again.
        case forgetsRemovals
        /// Lists items in the order they were added, whatever their due day.
        case addedOrder
        /// Leaves out items due on the last day of the range.
        case excludesEnd
        /// Removing a missing item throws.
        case throwsOnMissingRemove
    }

    private struct Row: Codable, Equatable {
        let id: Int64
        let name: String
        let due: String
    }

    private let file: String
    private let flaw: Flaw?
    private var removedHere: Set<Int64> = []

    init(folder: any DataFolder, flaw: Flaw? = nil) {
        file = folder.path + "/fake-todo.json"
        self.flaw = flaw
    }

    func items(from start: CalendarDay, through end: CalendarDay) throws -> [TodoItem] {
        let rows = try load().filter { row in
            row.due >= start.description && (flaw == .excludesEnd ? row.due < end.description : row.due <= end.description)
        }
        let sorted = flaw == .addedOrder ? rows : rows.sorted { ($0.due, $0.id) < ($1.due, $1.id) }
        return sorted.map { TodoItem(id: $0.id, name: $0.name, due: day($0.due)) }
    }

    func add(name: String, due: CalendarDay) throws -> TodoItem {
        var rows = try load()
        let id = (rows.map(\.id).max() ?? 0) + 1
        rows.append(Row(id: id, name: name, due: due.description))
        try save(rows)
        return TodoItem(id: id, name: name, due: due)
    }

    func remove(id: Int64) throws {
        var rows = try load()
        guard rows.contains(where: { $0.id == id }) || flaw != .throwsOnMissingRemove else { throw StubError("no item \(id)") }
        if flaw == .forgetsRemovals {
            removedHere.insert(id)
            return
        }
        rows.removeAll { $0.id == id }
        try save(rows)
    }

    private func load() throws -> [Row] {
        guard let data = FileManager.default.contents(atPath: file) else { return [] }
        return try JSONDecoder().decode([Row].self, from: data).filter { !removedHere.contains($0.id) }
    }

    private func save(_ rows: [Row]) throws {
        try JSONEncoder().encode(rows).write(to: URL(fileURLWithPath: file))
    }
}
