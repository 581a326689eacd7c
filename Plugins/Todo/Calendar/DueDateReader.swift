import Contracts

/// Reads the due dates a user types, relative to today: `YYYY-MM-DD` (today or
/// later), `today`, `tomorrow`, and weekday names (`friday` or `fri`: the next such
/// day after today, so `monday` typed on a Monday means a week later). Shared by the
/// add and edit Interactors.
struct DueDateReader {
    let calendar: DayCalendar
    let today: CalendarDay

    init(clock: any Clock, firstWeekday: Int = WeekStart.iso) {
        calendar = DayCalendar(timeZoneIdentifier: clock.timeZoneIdentifier, firstWeekday: firstWeekday)
        today = calendar.today(clock)
    }

    static let accepted = "use YYYY-MM-DD (e.g. 2026-12-01), 'today', 'tomorrow' or a weekday name such as 'friday'"

    /// The day `text` names; throws a ``CommandError`` that says what is accepted.
    func read(_ text: String) throws -> DueDay {
        let word = text.trimmingCharacters(in: .whitespaces).lowercased()
        let day: CalendarDay
        if word.isEmpty {
            throw CommandError("give a due date: \(Self.accepted)")
        } else if word == "today" {
            day = today
        } else if word == "tomorrow" {
            day = calendar.adding(1, to: today)
        } else if let weekday = Self.weekday(named: word) {
            let ahead = (weekday - calendar.isoWeekday(of: today) + 7) % 7
            day = calendar.adding(ahead == 0 ? 7 : ahead, to: today)
        } else if let parsed = try isoDay(word) {
            guard parsed >= today else {
                throw CommandError("\(parsed) is in the past (today is \(today)); give today or a later day")
            }
            day = parsed
        } else {
            throw CommandError("'\(text.trimmingCharacters(in: .whitespaces))' is not a due date: \(Self.accepted)")
        }
        return dueDay(day)
    }

    /// `day` with its weekday and where it stands from today.
    func dueDay(_ day: CalendarDay) -> DueDay {
        let nearness: DueDay.Nearness?
        if day == today {
            nearness = .today
        } else if day == calendar.adding(1, to: today) {
            nearness = .tomorrow
        } else if day < today {
            nearness = .overdue
        } else {
            nearness = nil
        }
        return DueDay(day: day, weekday: calendar.isoWeekday(of: day), nearness: nearness)
    }

    /// 1 for Monday through 7 for Sunday, from a full or three-letter English name.
    private static func weekday(named word: String) -> Int? {
        DayCalendar.weekdayNames.firstIndex { name in
            let lower = name.lowercased()
            return word == lower || word == lower.prefix(3)
        }.map { $0 + 1 }
    }

    /// Reads `YYYY-MM-DD`: nil when the text does not have that shape, a
    /// ``CommandError`` when it does but names no real day.
    private func isoDay(_ text: String) throws -> CalendarDay? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        guard let valid = calendar.validDay(year: year, month: month, day: day) else {
            throw CommandError("\(text) is not a day of the calendar; check the month and day")
        }
        return valid
    }
}
