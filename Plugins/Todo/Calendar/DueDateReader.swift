import Contracts

/// Reads the due dates a user types, relative to today (the rule is the Interactors', shared by
/// the add and edit forms):
///
/// - `today`, `tomorrow`, `yesterday`; a weekday (`friday`, `fri`: the next such day after
///   today, so `monday` typed on a Monday means a week later); `next friday` and `this friday`
///   mean the same coming Friday, as GNU `date -d 'next friday'` and taskwarrior read it;
///   `last friday`: the one before today; `next week`: the first day of next week; `next month`:
///   the 1st of next month;
/// - `in 3 days`, `in 2 weeks`, `in a month`, `in 1 year`; `3 days ago`, `2 weeks ago`;
/// - a month's name and a day, either way round, with or without a year: `dec 24`,
///   `24 december`, `dec 24 2027`;
/// - numbers in the locale's order (``DateOrder``): `24/12`, `24.12.2026` (or `12/24/2026`);
/// - ISO 8601: `2026-12-24`;
/// - taskwarrior's words: `eow`, `eom`, `eoy`, `sow`, `som`, `soy`, `eod`, durations `3d`, `2w`,
///   `1mo`, `1y` (a `+` before is taken too), and ordinals `1st` to `31st`;
/// - `none`: no due date (``read(_:)`` returns nil);
/// - any of these followed by a time of day: `tomorrow 9am`, `friday 17:30`, `dec 24 at 6pm`,
///   `noon`; a time alone is today at that time.
///
/// A day without a year is its next one from today on; a day with a year, or an ISO date, may be
/// past (the item is then overdue, and says so).
struct DueDateReader {
    let calendar: DayCalendar
    let today: CalendarDay
    let order: DateOrder

    init(clock: any Clock, firstWeekday: Int = WeekStart.iso, order: DateOrder = .dayMonthYear) {
        calendar = DayCalendar(timeZoneIdentifier: clock.timeZoneIdentifier, firstWeekday: firstWeekday)
        today = calendar.today(clock)
        self.order = order
    }

    static let accepted =
        "use today, tomorrow, a weekday (friday, next friday), in 3 days/weeks/months, dec 24, 24 dec, 2026-12-24 or none, with a time if you like (tomorrow 9am)"

    /// What is accepted, with the numeric form of this locale.
    var accepted: String {
        "use today, tomorrow, a weekday (friday, next friday), in 3 days/weeks/months, dec 24, 24 dec, \(order.example), 2026-12-24 or none, with a time if you like (tomorrow 9am)"
    }

    /// The day (and time) `text` names, or nil for `none`; throws a ``CommandError`` that says what is accepted.
    func read(_ text: String) throws -> DueDay? {
        let shown = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
        var words = shown.lowercased().split(separator: " ").map(String.init)
        guard !words.isEmpty else { throw CommandError("give a due date: \(accepted)") }
        if words == ["none"] || words == ["no", "date"] { return nil }
        let time = try Self.takeTime(from: &words, typed: shown)
        if words.isEmpty, let time { return dueDay(today, time: time) }
        guard let day = try day(words) else {
            throw CommandError("'\(shown)' is not a due date: \(accepted)")
        }
        return dueDay(day, time: time)
    }

    /// Takes a time of day off the end of `words` (`9am`, `9:30 pm`, `17:30`, `at 6pm`, `noon`,
    /// `midnight`) and returns it in minutes after midnight; nil when the words end in none.
    static func takeTime(from words: inout [String], typed: String) throws -> Int? {
        guard let last = words.last else { return nil }
        var candidate = last
        var used = 1
        if (last == "am" || last == "pm"), words.count >= 2 {
            candidate = words[words.count - 2] + last
            used = 2
        }
        guard let minutes = try time(candidate, typed: typed) else { return nil }
        words.removeLast(used)
        if words.last == "at" { words.removeLast() }
        return minutes
    }

    /// `9am`, `9:30pm`, `9.30pm`, `12am`, `17:30`, `noon`, `midnight` in minutes after midnight; nil
    /// when `word` is not shaped like a time, a ``CommandError`` when it is but is no time of day.
    static func time(_ word: String, typed: String) throws -> Int? {
        if word == "noon" { return 12 * 60 }
        if word == "midnight" { return 0 }
        var body = Substring(word)
        var half: String?
        for suffix in ["am", "pm", "a.m.", "p.m."] where body.hasSuffix(suffix) {
            half = String(suffix.prefix(1))
            body = body.dropLast(suffix.count)
            break
        }
        // `24.12` is a day in many locales: a dot separates hours only before am or pm.
        let separator = body.first { $0 == ":" || ($0 == "." && half != nil) }
        let parts = separator.map { body.split(separator: $0, omittingEmptySubsequences: false) } ?? [body]
        guard (half != nil || separator != nil), parts.count <= 2,
              parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let hour = Int(parts[0]), let minute = parts.count == 2 ? Int(parts[1]) : 0 else { return nil }
        guard minute < 60, parts.count == 1 || parts[1].count == 2 else {
            throw CommandError("'\(word)' in '\(typed)' is not a time of day; write it as 9am, 9:30pm or 17:30")
        }
        if let half {
            guard (1...12).contains(hour) else {
                throw CommandError("'\(word)' in '\(typed)' is not a time of day; with am or pm the hour is 1 to 12")
            }
            return ((hour % 12) + (half == "p" ? 12 : 0)) * 60 + minute
        }
        guard hour < 24 else {
            throw CommandError("'\(word)' in '\(typed)' is not a time of day; the hour is 0 to 23 (or 1 to 12 with am/pm)")
        }
        return hour * 60 + minute
    }

    /// `day` with its weekday and where it stands from today.
    func dueDay(_ day: CalendarDay, time: Int? = nil) -> DueDay {
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
        return DueDay(day: day, weekday: calendar.isoWeekday(of: day), nearness: nearness, time: time)
    }

    /// The day `words` name; nil when they have none of the accepted shapes.
    private func day(_ words: [String]) throws -> CalendarDay? {
        switch words.count {
        case 1:
            if words[0] == "today" || words[0] == "tonight" { return today }
            if words[0] == "tomorrow" { return calendar.adding(1, to: today) }
            if words[0] == "yesterday" { return calendar.adding(-1, to: today) }
            if let weekday = Self.weekday(named: words[0]) {
                let ahead = (weekday - calendar.isoWeekday(of: today) + 7) % 7
                return calendar.adding(ahead == 0 ? 7 : ahead, to: today)
            }
            if let named = taskwarriorDay(words[0]) { return named }
            return try isoDay(words[0]) ?? numericDay(words[0]) ?? shortDuration(words[0]) ?? ordinalDay(words[0])
        case 2 where words[0] == "next" && words[1] == "week":
            return calendar.adding(7, to: calendar.startOfWeek(containing: today))
        case 2 where words[0] == "next" && words[1] == "month":
            let next = calendar.adding(months: 1, to: today)
            return CalendarDay(year: next.year, month: next.month, day: 1)
        case 2 where words[0] == "next" || words[0] == "this":
            // GNU date's and taskwarrior's rule: the coming one, as the weekday alone.
            guard Self.weekday(named: words[1]) != nil else { return nil }
            return try day([words[1]])
        case 2 where words[0] == "last":
            guard let weekday = Self.weekday(named: words[1]) else { return nil }
            let back = (calendar.isoWeekday(of: today) - weekday + 7) % 7
            return calendar.adding(-(back == 0 ? 7 : back), to: today)
        case 3 where words[0] == "in":
            return try relativeDay(count: words[1], unit: words[2])
        case 3 where words[2] == "ago":
            return try relativeDay(count: words[0], unit: words[1], sign: -1)
        default:
            return try namedMonthDay(words)
        }
    }

    /// taskwarrior's named days: `eod`/`sod` (today), `eow` (the last day of this week), `sow`
    /// (the first of next week), `eom` (the last day of this month), `som` (the 1st of next
    /// month), `eoy` (Dec 31), `soy` (Jan 1 of next year).
    private func taskwarriorDay(_ word: String) -> CalendarDay? {
        switch word {
        case "eod", "sod": return today
        case "eow": return calendar.endOfWeek(containing: today)
        case "sow": return calendar.adding(7, to: calendar.startOfWeek(containing: today))
        case "som": return CalendarDay(year: calendar.adding(months: 1, to: today).year, month: calendar.adding(months: 1, to: today).month, day: 1)
        case "eom":
            let next = calendar.adding(months: 1, to: today)
            return calendar.adding(-1, to: CalendarDay(year: next.year, month: next.month, day: 1))
        case "eoy": return CalendarDay(year: today.year, month: 12, day: 31)
        case "soy": return CalendarDay(year: today.year + 1, month: 1, day: 1)
        default: return nil
        }
    }

    /// taskwarrior's short durations from today: `3d`, `+3d`, `2w`, `1mo`, `1y`.
    private func shortDuration(_ word: String) throws -> CalendarDay? {
        let body = word.hasPrefix("+") ? word.dropFirst() : Substring(word)
        let digits = body.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return nil }
        let units = ["d": "day", "w": "week", "mo": "month", "y": "year"]
        guard let unit = units[String(body.dropFirst(digits.count))] else { return nil }
        return try relativeDay(count: String(digits), unit: unit)
    }

    /// `1st`, `2nd`, `15th`: the next such day of a month from today on (taskwarrior's ordinals).
    private func ordinalDay(_ word: String) throws -> CalendarDay? {
        let digits = word.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, ["st", "nd", "rd", "th"].contains(String(word.dropFirst(digits.count))),
              let number = Int(digits) else { return nil }
        guard (1...31).contains(number) else { throw CommandError("'\(word)' is not a day of a month; give 1st to 31st") }
        // This month's, else the next month that has it.
        var month = CalendarDay(year: today.year, month: today.month, day: 1)
        for _ in 0..<13 {
            if let day = calendar.validDay(year: month.year, month: month.month, day: number), !(day < today) { return day }
            month = calendar.adding(months: 1, to: month)
        }
        return nil
    }

    /// `in N days|weeks|months|years` (N may be `a`, `an` or `one`); `sign` -1 for `N days ago`.
    private func relativeDay(count word: String, unit: String, sign: Int = 1) throws -> CalendarDay? {
        guard let count = ["a": 1, "an": 1, "one": 1][word] ?? Int(word) else { return nil }
        guard (0...1200).contains(count) else { throw CommandError("'in \(word) \(unit)' is too far; give a count from 0 to 1200") }
        let singular = unit.hasSuffix("s") ? String(unit.dropLast()) : unit
        switch singular {
        case "day": return calendar.adding(sign * count, to: today)
        case "week": return calendar.adding(sign * 7 * count, to: today)
        case "month": return calendar.adding(months: sign * count, to: today)
        case "year": return calendar.adding(months: sign * 12 * count, to: today)
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

    /// The day asked for: with a year it must exist (it may be past); without one, its next
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
        return valid
    }

    /// 1 for Monday through 7 for Sunday, from a full or three-letter English name.
    static func weekday(named word: String) -> Int? {
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
        return valid
    }
}
