import Contracts

/// Reads the due dates a user types, relative to today (the rule is the Interactors', shared by
/// the add and edit forms):
///
/// - `today`, `tomorrow`; a weekday (`friday`, `fri`: the next such day after today, so `monday`
///   typed on a Monday means a week later); `next friday`: the Friday of next week;
/// - `in 3 days`, `in 2 weeks`, `in a month`, `in 1 year`;
/// - a month's name and a day, either way round, with or without a year: `dec 24`,
///   `24 december`, `dec 24 2027`;
/// - numbers in the locale's order (``DateOrder``): `24/12`, `24.12.2026` (or `12/24/2026`);
/// - ISO 8601: `2026-12-24`;
/// - `none`: no due date (``read(_:)`` returns nil).
///
/// A day without a year is its next one from today on; a day with a year must not be past.
struct DueDateReader {
    let calendar: DayCalendar
    let today: CalendarDay
    let order: DateOrder

    init(clock: any Clock, firstWeekday: Int = WeekStart.iso, order: DateOrder = .dayMonthYear) {
        calendar = DayCalendar(timeZoneIdentifier: clock.timeZoneIdentifier, firstWeekday: firstWeekday)
        today = calendar.today(clock)
        self.order = order
    }

    static let accepted = "use today, tomorrow, a weekday (friday, next friday), in 3 days/weeks/months, dec 24, 24 dec, 2026-12-24 or none"

    /// What is accepted, with the numeric form of this locale.
    var accepted: String {
        "use today, tomorrow, a weekday (friday, next friday), in 3 days/weeks/months, dec 24, 24 dec, \(order.example), 2026-12-24 or none"
    }

    /// The day `text` names, or nil for `none`; throws a ``CommandError`` that says what is accepted.
    func read(_ text: String) throws -> DueDay? {
        let shown = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        let words = shown.lowercased().split(separator: " ").map(String.init)
        guard !words.isEmpty else { throw CommandError("give a due date: \(accepted)") }
        if words == ["none"] || words == ["no", "date"] { return nil }
        guard let day = try day(words) else {
            throw CommandError("'\(shown)' is not a due date: \(accepted)")
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

    /// The day `words` name; nil when they have none of the accepted shapes.
    private func day(_ words: [String]) throws -> CalendarDay? {
        switch words.count {
        case 1:
            if words[0] == "today" { return today }
            if words[0] == "tomorrow" { return calendar.adding(1, to: today) }
            if let weekday = Self.weekday(named: words[0]) {
                let ahead = (weekday - calendar.isoWeekday(of: today) + 7) % 7
                return calendar.adding(ahead == 0 ? 7 : ahead, to: today)
            }
            return try isoDay(words[0]) ?? numericDay(words[0])
        case 2 where words[0] == "next":
            guard let weekday = Self.weekday(named: words[1]) else { return nil }
            let nextWeek = calendar.adding(7, to: calendar.startOfWeek(containing: today))
            let offset = (weekday % 7 + 1 - calendar.firstWeekday + 7) % 7  // days from the week's first day
            return calendar.adding(offset, to: nextWeek)
        case 3 where words[0] == "in":
            return try relativeDay(count: words[1], unit: words[2])
        default:
            return try namedMonthDay(words)
        }
    }

    /// `in N days|weeks|months|years` (N may be `a`, `an` or `one`).
    private func relativeDay(count word: String, unit: String) throws -> CalendarDay? {
        guard let count = ["a": 1, "an": 1, "one": 1][word] ?? Int(word) else { return nil }
        guard (0...1200).contains(count) else { throw CommandError("'in \(word) \(unit)' is too far; give a count from 0 to 1200") }
        let singular = unit.hasSuffix("s") ? String(unit.dropLast()) : unit
        switch singular {
        case "day": return calendar.adding(count, to: today)
        case "week": return calendar.adding(7 * count, to: today)
        case "month": return calendar.adding(months: count, to: today)
        case "year": return calendar.adding(months: 12 * count, to: today)
        default: return nil
        }
    }

    /// `dec 24`, `24 dec`, `december 24th`, with an optional year at the end.
    private func namedMonthDay(_ words: [String]) throws -> CalendarDay? {
        guard words.count == 2 || words.count == 3 else { return nil }
        var year: Int?
        if words.count == 3 {
            guard words[2].count == 4, let value = Int(words[2]) else { return nil }
            year = value
        }
        let (month, dayWord): (Int, String)
        if let named = Self.month(named: words[0]) {
            (month, dayWord) = (named, words[1])
        } else if let named = Self.month(named: words[1]) {
            (month, dayWord) = (named, words[0])
        } else {
            return nil
        }
        let digits = dayWord.prefix { $0.isASCII && $0.isNumber }
        let suffix = dayWord.dropFirst(digits.count)
        guard let day = Int(digits), ["", ".", ",", "st", "nd", "rd", "th"].contains(String(suffix)) else { return nil }
        return try resolve(year: year, month: month, day: day, typed: words.joined(separator: " "))
    }

    /// `24/12`, `24.12.`, `24/12/2026`, `24.12.26`, in the locale's order.
    private func numericDay(_ word: String) throws -> CalendarDay? {
        let trimmed = word.hasSuffix(".") ? String(word.dropLast()) : word
        guard let separator = trimmed.first(where: { $0 == "/" || $0 == "." }) else { return nil }
        let parts = trimmed.split(separator: separator, omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3,
              parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        let numbers = parts.compactMap { Int($0) }
        let (day, month, year): (Int, Int, Int?)
        switch (order, numbers.count) {
        case (.dayMonthYear, _): (day, month, year) = (numbers[0], numbers[1], numbers.count == 3 ? numbers[2] : nil)
        case (.monthDayYear, _): (day, month, year) = (numbers[1], numbers[0], numbers.count == 3 ? numbers[2] : nil)
        case (.yearMonthDay, 3): (day, month, year) = (numbers[2], numbers[1], numbers[0])
        case (.yearMonthDay, _): (day, month, year) = (numbers[1], numbers[0], nil)
        }
        return try resolve(year: year.map { $0 < 100 ? 2000 + $0 : $0 }, month: month, day: day, typed: word)
    }

    /// The day asked for: with a year it must exist and not be past; without one, its next
    /// occurrence from today on.
    private func resolve(year: Int?, month: Int, day: Int, typed: String) throws -> CalendarDay {
        guard let year else {
            for candidate in [today.year, today.year + 1, today.year + 2, today.year + 3, today.year + 4] {
                if let valid = calendar.validDay(year: candidate, month: month, day: day), valid >= today { return valid }
            }
            throw CommandError("\(typed) is not a day of the calendar; check the month and day; numbers read as \(order.example) here")
        }
        guard let valid = calendar.validDay(year: year, month: month, day: day) else {
            throw CommandError("\(typed) is not a day of the calendar; check the month and day; numbers read as \(order.example) here")
        }
        guard valid >= today else {
            throw CommandError("\(valid) is in the past (today is \(today)); give today or a later day")
        }
        return valid
    }

    /// 1 for Monday through 7 for Sunday, from a full or three-letter English name.
    private static func weekday(named word: String) -> Int? {
        DayCalendar.weekdayNames.firstIndex { name in
            let lower = name.lowercased()
            return word == lower || word == lower.prefix(3)
        }.map { $0 + 1 }
    }

    private static let monthNames = ["january", "february", "march", "april", "may", "june", "july",
                                     "august", "september", "october", "november", "december"]

    /// 1 to 12 from a full or three-letter English month name (and `sept`).
    private static func month(named word: String) -> Int? {
        let bare = word.hasSuffix(".") || word.hasSuffix(",") ? String(word.dropLast()) : word
        if bare == "sept" { return 9 }
        return monthNames.firstIndex { $0 == bare || (bare.count == 3 && $0.hasPrefix(bare)) }.map { $0 + 1 }
    }

    /// Reads `YYYY-MM-DD`: nil when the text does not have that shape, a
    /// ``CommandError`` when it does but names no real day or a past one.
    private func isoDay(_ text: String) throws -> CalendarDay? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        guard let valid = calendar.validDay(year: year, month: month, day: day) else {
            throw CommandError("\(text) is not a day of the calendar; check the month and day")
        }
        guard valid >= today else {
            throw CommandError("\(valid) is in the past (today is \(today)); give today or a later day")
        }
        return valid
    }
}
