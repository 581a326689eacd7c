import Contracts

/// A due day the Interactor read from the user's words, with what a Presenter needs to
/// say it (``TodoFormat/label(_:)``: "Wednesday 2026-12-02 09:00 (tomorrow)").
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
    /// The time of day, in minutes after midnight; nil for the whole day.
    var time: Int?

    init(day: CalendarDay, weekday: Int, nearness: Nearness?, time: Int? = nil) {
        self.day = day
        self.weekday = weekday
        self.nearness = nearness
        self.time = time
    }
}
