import Contracts

/// A ``TodoStore`` of another plugin seen as a ``TodoRecordStore``: what the contract can keep.
/// Items need a day and a finished item leaves the store, so `due none`, the finished list and
/// `reopen` are refused with a line that says why; so are a time, a priority, a repeat and a
/// note, which it cannot keep (refused rather than dropped), and `undo` lasts as long as this run.
final class ContractTodoRecords: TodoRecordStore {
    private let store: any TodoStore
    private var steps: [TodoUndoStep] = []

    init(_ store: any TodoStore) {
        self.store = store
    }

    /// Why a feature is missing, said where the user asked for it.
    static let limitation = "the to-do store in use comes from another plugin and keeps only items with a due day that are still to do"

    func openRecords() throws -> [TodoRecord] {
        try store.items(from: CalendarDay(year: 1, month: 1, day: 1), through: CalendarDay(year: 9999, month: 12, day: 31))
            .map { TodoRecord(id: $0.id, name: $0.name, due: $0.due) }
    }

    func doneRecords() throws -> [TodoRecord] {
        []
    }

    func record(id: Int64) throws -> TodoRecord? {
        try openRecords().first { $0.id == id }
    }

    /// Refuses what a plain ``TodoStore`` would silently drop.
    private static func checkKeepable(_ record: TodoRecord) throws {
        var lost: [String] = []
        if record.time != nil { lost.append("a time of day") }
        if record.priority != nil { lost.append("a priority") }
        if record.recurrence != nil { lost.append("a repeat") }
        if !record.notes.isEmpty { lost.append("notes") }
        guard lost.isEmpty else {
            let list = lost.count == 1 ? lost[0] : lost.dropLast().joined(separator: ", ") + " and " + (lost.last ?? "")
            throw CommandError("\(list) cannot be kept: \(limitation); leave \(lost.count == 1 ? "it" : "them") out")
        }
    }

    func insert(_ record: TodoRecord) throws -> TodoRecord {
        try Self.checkKeepable(record)
        guard let due = record.due else { throw CommandError("an item without a date cannot be kept: \(Self.limitation); give a due day") }
        let item = try store.add(name: record.name, due: due)
        return TodoRecord(id: item.id, name: item.name, due: item.due)
    }

    func save(_ record: TodoRecord) throws {
        if record.doneAt != nil {
            try store.remove(id: record.id)
            return
        }
        try Self.checkKeepable(record)
        guard let due = record.due else { throw CommandError("an item without a date cannot be kept: \(Self.limitation); give a due day") }
        if try self.record(id: record.id) != nil {
            _ = try store.update(id: record.id, name: record.name, due: due)
        } else {
            _ = try store.add(name: record.name, due: due)
        }
    }

    func delete(id: Int64) throws {
        try store.remove(id: id)
    }

    func pushUndoStep(_ step: TodoUndoStep) throws {
        steps.append(step)
        if steps.count > TodoUndoStep.kept { steps.removeFirst() }
    }

    func popUndoStep() throws -> TodoUndoStep? {
        steps.popLast()
    }

    func inOneWrite<T>(_ body: () throws -> T) throws -> T {
        try body()
    }
}
