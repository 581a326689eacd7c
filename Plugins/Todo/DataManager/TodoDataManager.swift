import Contracts

/// The objc.io to-do app's data manager: the one place the Interactors reach storage through.
/// It turns the store's rows into the plugin's ``TodoRecord``s, finds an item by its stable id
/// (whatever list it is on), and keeps the undo step in the store so `undo` survives a restart.
///
/// The store is whatever provides ``TodoStore`` in the registry: this plugin's own
/// (``SQLiteTodoStore``, which keeps everything) or another plugin's, seen through
/// ``ContractTodoRecords``.
final class TodoDataManager {
    private let records: any TodoRecordStore
    private let clock: any Clock

    init(store: any TodoStore, clock: any Clock) {
        records = (store as? any TodoRecordStore) ?? ContractTodoRecords(store)
        self.clock = clock
    }

    /// Items still to do, by due day, those without one last.
    func openItems() throws -> [TodoRecord] {
        try records.openRecords()
    }

    /// Finished items, the most recently finished first.
    func doneItems() throws -> [TodoRecord] {
        try records.doneRecords()
    }

    /// Item `id`, done or not; a ``CommandError`` when there is none.
    func item(id: Int64) throws -> TodoRecord {
        guard let record = try records.record(id: id) else {
            throw CommandError("there is no to-do item \(id); the number before each item is its id ('open todo/all' lists every item)")
        }
        return record
    }

    func add(name: String, due: CalendarDay?) throws -> TodoRecord {
        try records.insert(name: name, due: due)
    }

    /// Changes the name and day of item `id`; done or not, it keeps that.
    func change(id: Int64, name: String, due: CalendarDay?) throws -> TodoRecord {
        var record = try item(id: id)
        record.name = name
        record.due = due
        try records.save(record)
        return record
    }

    /// Marks item `id` done now; it stays stored, on the finished list.
    func complete(id: Int64) throws -> TodoRecord {
        let before = try item(id: id)
        guard before.doneAt == nil else { throw CommandError("item \(id) is already done; 'reopen \(id)' puts it back on the list") }
        var done = before
        done.doneAt = clock.secondsSince1970
        try records.save(done)
        try records.setUndoStep(TodoUndoStep(verb: .done, record: before))
        return done
    }

    /// Puts finished item `id` back on the list.
    func reopen(id: Int64) throws -> TodoRecord {
        let before = try item(id: id)
        guard before.doneAt != nil else { throw CommandError("item \(id) is not done; only finished items can be reopened") }
        var open = before
        open.doneAt = nil
        try records.save(open)
        try records.setUndoStep(TodoUndoStep(verb: .reopened, record: before))
        return open
    }

    /// Removes item `id`; `undo` can put it back under the same id.
    func delete(id: Int64) throws -> TodoRecord {
        let before = try item(id: id)
        try records.delete(id: id)
        try records.setUndoStep(TodoUndoStep(verb: .deleted, record: before))
        return before
    }

    /// Takes back the last `done`, `delete` or `reopen`, once: the item as it was, and how it had
    /// changed; nil when there is nothing to undo.
    func undo() throws -> (record: TodoRecord, verb: TodoUndoStep.Verb)? {
        guard let step = try records.undoStep() else { return nil }
        try records.save(step.record)
        try records.setUndoStep(nil)
        return (step.record, step.verb)
    }
}
