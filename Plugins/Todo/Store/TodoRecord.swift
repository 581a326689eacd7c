import Contracts

/// A to-do item as the plugin keeps it (its entity): unlike the contract's ``TodoItem``,
/// it may have no due day, a time of day, a priority, a recurrence and dated notes, and it
/// stays stored once done, with when that was.
struct TodoRecord: Equatable {
    /// The store's id: stable across runs, shown beside the item and used by every command and route.
    let id: Int64
    var name: String
    /// nil for an item without a date (`due none`).
    var due: CalendarDay?
    /// When it was marked done (seconds since 1970, from the clock); nil while it is still to do.
    var doneAt: Double?
    /// The time of day it is due, in minutes after midnight (`due tomorrow 9am`); nil for the whole day.
    var time: Int?
    /// `pri H|M|L`; nil for none.
    var priority: TodoPriority?
    /// `every week`: when it is done, the next one is added.
    var recurrence: TodoRecurrence?
    /// Dated notes (`note ID TEXT`), oldest first.
    var notes: [TodoNote]

    init(id: Int64, name: String, due: CalendarDay?, doneAt: Double? = nil, time: Int? = nil,
         priority: TodoPriority? = nil, recurrence: TodoRecurrence? = nil, notes: [TodoNote] = []) {
        self.id = id
        self.name = name
        self.due = due
        self.doneAt = doneAt
        self.time = time
        self.priority = priority
        self.recurrence = recurrence
        self.notes = notes
    }

    /// The contract's view of it, for a module of another plugin; nil without a due day.
    var contractItem: TodoItem? {
        due.map { TodoItem(id: id, name: name, due: $0) }
    }
}

/// A dated note on an item (taskwarrior's annotation): when it was written and what it says.
struct TodoNote: Equatable {
    /// Seconds since 1970, from the clock.
    let at: Double
    let text: String
}
