import Contracts

/// `2026-12-01` as a ``CalendarDay``, for short test data; a part that is not a number
/// reads as 0, which no store or reader accepts as a day.
public func day(_ text: String) -> CalendarDay {
    let parts = text.split(separator: "-").map { Int($0) ?? 0 }
    return CalendarDay(year: parts.first ?? 0, month: parts.dropFirst().first ?? 0, day: parts.dropFirst(2).first ?? 0)
}
