import Contracts

/// How soon an item is due, relative to today (the to-do app's NearTermDateRelation).
enum NearTermDateRelation: Equatable, CaseIterable {
    /// Before today and not done: shown first, so nothing slips away unseen.
    case overdue
    case today
    case tomorrow
    /// After tomorrow, up to and including the last day of this week.
    case laterThisWeek
    /// In the week after this one (and not tomorrow).
    case nextWeek
    /// An item without a date (`due none`): its own section, last.
    case noDate
}

/// An item as the list's Interactor hands it to the Presenter: the to-do app's
/// UpcomingItem, plain values, not the stored entity.
struct UpcomingItem: Equatable {
    let id: Int64
    let title: String
    /// nil for an item without a date.
    let dueDate: CalendarDay?
    /// The ISO weekday of `dueDate`: 1 is Monday, 7 is Sunday (0 without a date).
    let weekday: Int
    let relation: NearTermDateRelation
    /// Minutes after midnight; nil for the whole day.
    var time: Int?
    var priority: TodoPriority?
    var recurrence: TodoRecurrence?
    var notes: [TodoNoteLine] = []
}

/// What the upcoming list found: the items it shows, and how many items the filter lets
/// through that are due after next week (the list does not show them; `all` does).
struct UpcomingItems: Equatable {
    var items: [UpcomingItem]
    var later: Int = 0
}
