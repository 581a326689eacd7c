import Contracts

/// How the to-do views say days (Presenter-side formatting shared by the list, all-items,
/// add and edit Presenters).
enum TodoFormat {
    /// The English name of an ISO weekday (1 is Monday), e.g. "Thursday".
    static func weekdayName(_ isoWeekday: Int) -> String {
        DayCalendar.weekdayNames[max(1, min(7, isoWeekday)) - 1]
    }

    /// e.g. "Wednesday 2026-12-02 (tomorrow)", "Friday 2026-11-20 (overdue)", "Friday 2026-12-04".
    static func label(_ due: DueDay) -> String {
        let base = "\(weekdayName(due.weekday)) \(due.day)"
        switch due.nearness {
        case .today: return base + " (today)"
        case .tomorrow: return base + " (tomorrow)"
        case .overdue: return base + " (overdue)"
        case nil: return base
        }
    }
}
