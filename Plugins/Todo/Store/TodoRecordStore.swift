import Contracts

/// What the data manager needs from storage: the contract's ``TodoStore`` plus items without a
/// day, finished items, the fields only this plugin has (time, priority, recurrence, notes) and
/// the undo steps. The plugin's ``SQLiteTodoStore`` keeps all of it; a store from another plugin
/// is wrapped in ``ContractTodoRecords``, which keeps what a plain ``TodoStore`` can.
protocol TodoRecordStore: AnyObject {
    /// Items still to do, by due day (items without one last), then by id.
    func openRecords() throws -> [TodoRecord]
    /// Finished items, the most recently finished first.
    func doneRecords() throws -> [TodoRecord]
    /// Item `id`, done or not; nil when there is none.
    func record(id: Int64) throws -> TodoRecord?
    /// Stores `record` as a new item (its id is ignored) and returns it with the id it was given.
    func insert(_ record: TodoRecord) throws -> TodoRecord
    /// Writes `record` as given, under its id (putting it back if it was deleted), notes included.
    func save(_ record: TodoRecord) throws
    /// Removes item `id` and its notes for good.
    func delete(id: Int64) throws
    /// Adds a step `undo` can take back (the store forgets the oldest past ``TodoUndoStep/kept``).
    func pushUndoStep(_ step: TodoUndoStep) throws
    /// Removes and returns the latest undo step; nil when there is none.
    func popUndoStep() throws -> TodoUndoStep?
    /// Runs `body` as one write: all of it is kept, or none of it.
    func inOneWrite<T>(_ body: () throws -> T) throws -> T
}

extension TodoRecordStore {
    /// Stores a new item with a name and a day.
    func insert(name: String, due: CalendarDay?) throws -> TodoRecord {
        try insert(TodoRecord(id: 0, name: name, due: due))
    }
}
