import Contracts

/// What the data manager needs from storage: the contract's ``TodoStore`` plus items without a
/// day, finished items and the undo step. The plugin's ``SQLiteTodoStore`` keeps all of it; a
/// store from another plugin is wrapped in ``ContractTodoRecords``, which keeps what a plain
/// ``TodoStore`` can.
protocol TodoRecordStore: AnyObject {
    /// Items still to do, by due day (items without one last), then by id.
    func openRecords() throws -> [TodoRecord]
    /// Finished items, the most recently finished first.
    func doneRecords() throws -> [TodoRecord]
    /// Item `id`, done or not; nil when there is none.
    func record(id: Int64) throws -> TodoRecord?
    /// Stores a new item and returns it with its id.
    func insert(name: String, due: CalendarDay?) throws -> TodoRecord
    /// Writes `record` as given: its name, day and done time, under its id (putting it back if it was deleted).
    func save(_ record: TodoRecord) throws
    /// Removes item `id` for good.
    func delete(id: Int64) throws
    /// The step `undo` takes back; nil when there is none.
    func undoStep() throws -> TodoUndoStep?
    /// Replaces the undo step (nil forgets it).
    func setUndoStep(_ step: TodoUndoStep?) throws
}
