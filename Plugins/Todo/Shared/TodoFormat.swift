import Contracts

/// How the to-do views say days, times, priorities and repeats (Presenter-side formatting
/// shared by the list, all-items, add and edit Presenters).
enum TodoFormat {
    /// The English name of an ISO weekday (1 is Monday), e.g. "Thursday".
    static func weekdayName(_ isoWeekday: Int) -> String {
        DayCalendar.weekdayNames[max(1, min(7, isoWeekday)) - 1]
    }

    /// Minutes after midnight as `HH:MM`, e.g. "09:00".
    static func time(_ minutes: Int) -> String {
        let hours = String(minutes / 60)
        let rest = String(minutes % 60)
        return (hours.count < 2 ? "0" : "") + hours + ":" + (rest.count < 2 ? "0" : "") + rest
    }

    /// e.g. "Wednesday 2026-12-02 09:00 (tomorrow)", "Friday 2026-11-20 (overdue)", "Friday 2026-12-04".
    static func label(_ due: DueDay) -> String {
        let base = "\(weekdayName(due.weekday)) \(due.day)" + (due.time.map { " " + time($0) } ?? "")
        switch due.nearness {
        case .today: return base + " (today)"
        case .tomorrow: return base + " (tomorrow)"
        case .overdue: return base + " (overdue)"
        case nil: return base
        }
    }

    /// A row's text: `[H] ` before the name when it has a priority, and what is said about its
    /// day (`when`) and its repeat in brackets after it: "[H] Pay rent (Friday 09:00; every month)".
    static func row(_ title: String, priority: TodoPriority?, when: String?, repeats: TodoRecurrence?) -> String {
        let details = [when, repeats?.description].compactMap { $0 }.filter { !$0.isEmpty }
        return (priority.map { "[\($0.rawValue)] " } ?? "") + title + (details.isEmpty ? "" : " (" + details.joined(separator: "; ") + ")")
    }

    /// A note as listed under its item: "2026-11-28: called the landlord".
    static func note(_ note: TodoNoteLine) -> String {
        "\(note.day): \(note.text)"
    }

    /// "H (high)", "M (medium)", "L (low)".
    static func priorityLabel(_ priority: TodoPriority) -> String {
        switch priority {
        case .high: return "H (high)"
        case .medium: return "M (medium)"
        case .low: return "L (low)"
        }
    }
}

/// A note as an Interactor hands it on: the day it was written (in the clock's zone) and its text.
struct TodoNoteLine: Equatable {
    let day: CalendarDay
    let text: String
}
