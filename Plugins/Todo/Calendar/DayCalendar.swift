import Contracts
import Foundation

/// Day arithmetic for to-do items. A week starts on `firstWeekday` (Foundation's
/// numbering: 1 Sunday, 2 Monday ... 7 Saturday), which the Builder takes from the
/// user's locale (``WeekStart``), as the objc.io app takes its calendar's first
/// weekday; Monday (ISO 8601) by default.
/// "Today" is the clock's instant in the clock's time zone; everything after that is
/// arithmetic on days, done in UTC, where no day is 23 or 25 hours long.
struct DayCalendar {
    private let zoned: Calendar
    private let utc: Calendar
    /// 1 Sunday, 2 Monday ... 7 Saturday.
    let firstWeekday: Int

    init(timeZoneIdentifier: String, firstWeekday: Int = WeekStart.iso) {
        self.firstWeekday = (1...7).contains(firstWeekday) ? firstWeekday : WeekStart.iso
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC") ?? utc.timeZone
        self.utc = utc
        var zoned = utc
        zoned.timeZone = TimeZone(identifier: timeZoneIdentifier) ?? utc.timeZone
        self.zoned = zoned
    }

    /// The day it is at `secondsSince1970` in the clock's time zone.
    func day(at secondsSince1970: Double) -> CalendarDay {
        let parts = zoned.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: secondsSince1970))
        return CalendarDay(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    /// Today, from `clock`.
    func today(_ clock: any Clock) -> CalendarDay {
        day(at: clock.secondsSince1970)
    }

    /// `day` moved by `count` days (negative goes back).
    func adding(_ count: Int, to day: CalendarDay) -> CalendarDay {
        guard let moved = utc.date(byAdding: .day, value: count, to: date(day)) else { return day }
        let parts = utc.dateComponents([.year, .month, .day], from: moved)
        return CalendarDay(year: parts.year ?? day.year, month: parts.month ?? day.month, day: parts.day ?? day.day)
    }

    /// 1 for Monday through 7 for Sunday: Sakamoto's arithmetic for the Gregorian calendar,
    /// because a Calendar call per item made long lists slow (`DayCalendarTests` holds it to Foundation).
    func isoWeekday(of day: CalendarDay) -> Int {
        let offsets = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4]
        let year = day.month < 3 ? day.year - 1 : day.year
        let month = max(1, min(12, day.month))
        let sundayZero = (year + year / 4 - year / 100 + year / 400 + offsets[month - 1] + day.day) % 7  // 0 = Sunday
        return (sundayZero + 6) % 7 + 1
    }

    /// Foundation's answer for ``isoWeekday(of:)``, for the test that holds the arithmetic to it.
    func foundationISOWeekday(of day: CalendarDay) -> Int {
        let sundayFirst = utc.component(.weekday, from: date(day))  // 1 = Sunday
        return (sundayFirst + 5) % 7 + 1
    }

    /// The first day of the week holding `day` (a Monday with the ISO week).
    func startOfWeek(containing day: CalendarDay) -> CalendarDay {
        let sundayFirst = isoWeekday(of: day) % 7 + 1  // 1 = Sunday, as firstWeekday counts
        return adding(-((sundayFirst - firstWeekday + 7) % 7), to: day)
    }

    /// The last day of the week holding `day` (a Sunday with the ISO week).
    func endOfWeek(containing day: CalendarDay) -> CalendarDay {
        adding(6, to: startOfWeek(containing: day))
    }

    /// The last day of the week after the one holding `day`.
    func endOfNextWeek(after day: CalendarDay) -> CalendarDay {
        adding(7, to: endOfWeek(containing: day))
    }

    /// The day `year-month-day`, or nil when there is no such day (e.g. 2026-02-30).
    func validDay(year: Int, month: Int, day: Int) -> CalendarDay? {
        let candidate = CalendarDay(year: year, month: month, day: day)
        guard (1...12).contains(month), (1...31).contains(day),
              let date = utc.date(from: DateComponents(year: year, month: month, day: day, hour: 12)) else { return nil }
        let parts = utc.dateComponents([.year, .month, .day], from: date)
        return parts.year == year && parts.month == month && parts.day == day ? candidate : nil
    }

    /// Monday first, as ``isoWeekday(of:)`` counts.
    static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    private func date(_ day: CalendarDay) -> Date {
        utc.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 12))
            ?? Date(timeIntervalSince1970: 0)
    }
}

extension DayCalendar {
    /// `day` moved by `count` months; the 31st becomes the last day of a shorter month.
    func adding(months count: Int, to day: CalendarDay) -> CalendarDay {
        let total = day.year * 12 + (day.month - 1) + count
        let (year, month) = (total / 12, total % 12 + 1)
        var last = 31
        while last > 28, validDay(year: year, month: month, day: last) == nil { last -= 1 }
        return CalendarDay(year: year, month: month, day: min(day.day, last))
    }
}
