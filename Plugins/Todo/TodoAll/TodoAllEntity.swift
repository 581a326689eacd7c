import Contracts

/// Where an item falls in the all-items view, decided by the Interactor.
enum TodoPeriod: Hashable {
    /// Before today.
    case overdue
    /// The week starting on `start`; `offset` 0 is this week, 1 next week.
    case week(start: CalendarDay, offset: Int)
    /// A month after the weeks shown one by one.
    case month(year: Int, month: Int)
    /// Items without a date, last.
    case noDate
}

/// An item as the all-items Interactor hands it on: plain values.
struct ListedItem: Equatable {
    let id: Int64
    let title: String
    /// nil for an item without a date.
    let due: CalendarDay?
    /// The ISO weekday of `due`: 1 is Monday, 7 is Sunday (0 without a date).
    let weekday: Int
    /// Minutes after midnight; nil for the whole day.
    var time: Int?
    var priority: TodoPriority?
    var recurrence: TodoRecurrence?
    var notes: [TodoNoteLine] = []
}

/// One group of the all-items view, in the order shown.
struct TodoGroup: Equatable {
    let period: TodoPeriod
    let items: [ListedItem]
}
