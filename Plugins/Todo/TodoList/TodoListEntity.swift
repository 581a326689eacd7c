import Contracts

/// How soon an item is due, relative to today (the to-do app's NearTermDateRelation).
enum NearTermDateRelation: Equatable, CaseIterable {
    case today
    case tomorrow
    /// After tomorrow, up to and including this week's Sunday.
    case laterThisWeek
    /// In the Monday-to-Sunday week after this one (and not tomorrow).
    case nextWeek
}

/// An item as the list's Interactor hands it to the Presenter: the to-do app's
/// UpcomingItem, not the stored ``TodoItem``.
struct UpcomingItem: Equatable {
    let id: Int64
    let title: String
    let dueDate: CalendarDay
    /// The weekday's name, e.g. "Thursday".
    let weekday: String
    let relation: NearTermDateRelation
}
