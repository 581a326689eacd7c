import Contracts

/// A due day the Interactor read from the user's words, with what a Presenter needs to
/// say it (``TodoFormat/label(_:)``: "Wednesday 2026-12-02 (tomorrow)").
struct DueDay: Equatable {
    /// Where a due day stands from today, when that is worth saying.
    enum Nearness: Equatable {
        case overdue
        case today
        case tomorrow
    }

    let day: CalendarDay
    /// The ISO weekday of `day`: 1 is Monday, 7 is Sunday.
    let weekday: Int
    /// nil for a day after tomorrow.
    let nearness: Nearness?
}
