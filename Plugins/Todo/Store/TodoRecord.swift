import Contracts

/// A to-do item as the plugin keeps it (its entity): unlike the contract's ``TodoItem``,
/// it may have no due day, and it stays stored once done, with when that was.
struct TodoRecord: Equatable {
    /// The store's id: stable across runs, shown beside the item and used by every command and route.
    let id: Int64
    var name: String
    /// nil for an item without a date (`due none`).
    var due: CalendarDay?
    /// When it was marked done (seconds since 1970, from the clock); nil while it is still to do.
    var doneAt: Double?

    init(id: Int64, name: String, due: CalendarDay?, doneAt: Double? = nil) {
        self.id = id
        self.name = name
        self.due = due
        self.doneAt = doneAt
    }

    /// The contract's view of it, for a module of another plugin; nil without a due day.
    var contractItem: TodoItem? {
        due.map { TodoItem(id: id, name: name, due: $0) }
    }
}
