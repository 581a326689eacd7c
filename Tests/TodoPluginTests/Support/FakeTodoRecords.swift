import Contracts
import ViperTestSupport
@testable import TodoPlugin

/// A store in memory that keeps everything the plugin's SQLite store keeps (items without a
/// day, finished items, the undo steps), so the data manager uses it as it is.
final class FakeTodoRecords: TodoStore, TodoRecordStore {
    private(set) var rows: [TodoRecord] = []
    private(set) var steps: [TodoUndoStep] = []
    private var lastID: Int64 = 0

    init(_ rows: [TodoRecord] = []) {
        self.rows = rows
        lastID = rows.map(\.id).max() ?? 0
    }

    func items(from start: CalendarDay, through end: CalendarDay) throws -> [TodoItem] {
        try openRecords().compactMap(\.contractItem).filter { $0.due >= start && $0.due <= end }
    }

    func add(name: String, due: CalendarDay) throws -> TodoItem {
        let record = try insert(name: name, due: due)
        return TodoItem(id: record.id, name: name, due: due)
    }

    func remove(id: Int64) throws {
        try delete(id: id)
    }

    func openRecords() throws -> [TodoRecord] {
        rows.filter { $0.doneAt == nil }.sorted { (($0.due == nil ? 1 : 0), $0.due?.description ?? "", $0.id) < (($1.due == nil ? 1 : 0), $1.due?.description ?? "", $1.id) }
    }

    func doneRecords() throws -> [TodoRecord] {
        rows.filter { $0.doneAt != nil }.sorted { ($0.doneAt ?? 0, $0.id) > ($1.doneAt ?? 0, $1.id) }
    }

    func record(id: Int64) throws -> TodoRecord? {
        rows.first { $0.id == id }
    }

    func insert(_ record: TodoRecord) throws -> TodoRecord {
        lastID += 1
        let stored = TodoRecord(id: lastID, name: record.name, due: record.due, doneAt: record.doneAt, time: record.time,
                                priority: record.priority, recurrence: record.recurrence, notes: record.notes)
        rows.append(stored)
        return stored
    }

    func save(_ record: TodoRecord) throws {
        rows.removeAll { $0.id == record.id }
        rows.append(record)
    }

    func delete(id: Int64) throws {
        rows.removeAll { $0.id == id }
    }

    func pushUndoStep(_ step: TodoUndoStep) throws {
        steps.append(step)
    }

    func popUndoStep() throws -> TodoUndoStep? {
        steps.popLast()
    }

    /// All of `body` or none of it, as the SQLite store's transaction.
    func inOneWrite<T>(_ body: () throws -> T) throws -> T {
        let (savedRows, savedSteps, savedID) = (rows, steps, lastID)
        do {
            return try body()
        } catch {
            (rows, steps, lastID) = (savedRows, savedSteps, savedID)
            throw error
        }
    }
}
