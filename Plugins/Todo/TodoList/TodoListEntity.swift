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
}

/// An item as the list's Interactor hands it to the Presenter: the to-do app's
/// UpcomingItem, not the stored ``TodoItem``.
struct UpcomingItem: Equatable {
    let id: Int64
    let title: String
    let dueDate: CalendarDay
    /// The ISO weekday of `dueDate`: 1 is Monday, 7 is Sunday.
    let weekday: Int
    let relation: NearTermDateRelation
}
