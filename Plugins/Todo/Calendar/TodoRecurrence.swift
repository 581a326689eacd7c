import Contracts

/// How an item repeats (`every week`, `every 2 days`, `every month on the 1st`, `every friday`):
/// when it is done, the next one is added, due one period after this one's due day (and moved
/// on again while that is still before today, so a missed month is not added three times).
/// Kept as short text (``code``: `2d`, `1w@5`, `1m@1`, `1y`), the same as todo.txt's `rec:`
/// without the anchor.
struct TodoRecurrence: Equatable {
    enum Unit: String, Equatable {
        case day = "d", week = "w", month = "m", year = "y"

        var name: String {
            switch self {
            case .day: return "day"
            case .week: return "week"
            case .month: return "month"
            case .year: return "year"
            }
        }
    }

    let count: Int
    let unit: Unit
    /// `every friday`: the ISO weekday every due day falls on (weekly only).
    var weekday: Int?
    /// `every month on the 1st`: the day of the month (monthly only; a shorter month uses its last day).
    var dayOfMonth: Int?

    init(count: Int, unit: Unit, weekday: Int? = nil, dayOfMonth: Int? = nil) {
        self.count = count
        self.unit = unit
        self.weekday = weekday
        self.dayOfMonth = dayOfMonth
    }

    static let accepted =
        "use every day, every week, every 2 days, every 3 weeks, every month, every month on the 1st, every friday, every year or every none"

    /// What `every WORDS` asks for (the word `every` may be left out): `.some(nil)` for `none`;
    /// a ``CommandError`` saying what is accepted otherwise.
    static func read(_ text: String) throws -> TodoRecurrence?? {
        var words = text.lowercased().split(separator: " ").map(String.init)
        if words.first == "every" { words.removeFirst() }
        guard !words.isEmpty else { throw CommandError("give how often it repeats: \(accepted)") }
        if words == ["none"] || words == ["never"] || words == ["off"] { return .some(nil) }
        if words == ["fortnight"] || words == ["biweekly"] { return .some(TodoRecurrence(count: 2, unit: .week)) }
        var count = 1
        if let number = Int(words[0]) {
            guard (1...999).contains(number) else {
                throw CommandError("'every \(number) ...' needs a count from 1 to 999")
            }
            count = number
            words.removeFirst()
        } else if words[0] == "other" {
            count = 2
            words.removeFirst()
        }
        guard let unitWord = words.first else { throw CommandError("'every \(text)' needs a unit: \(accepted)") }
        if count == 1, words.count == 1, let weekday = DueDateReader.weekday(named: unitWord) {
            return .some(TodoRecurrence(count: 1, unit: .week, weekday: weekday))
        }
        let singular = unitWord.hasSuffix("s") ? String(unitWord.dropLast()) : unitWord
        let unit: Unit
        switch singular {
        case "day", "daily": unit = .day
        case "week", "weekly": unit = .week
        case "month", "monthly": unit = .month
        case "year", "yearly": unit = .year
        default: throw CommandError("'every \(text)' is not a repeat: \(accepted)")
        }
        var rule = TodoRecurrence(count: count, unit: unit)
        let rest = Array(words.dropFirst())
        if !rest.isEmpty {
            // `on the 1st`, `on 15`, `on the 15th`
            var anchor = rest
            if anchor.first == "on" { anchor.removeFirst() }
            if anchor.first == "the" { anchor.removeFirst() }
            guard unit == .month, anchor.count == 1, let day = Self.ordinal(anchor[0]), (1...31).contains(day) else {
                throw CommandError("'every \(text)' is not a repeat: \(accepted)")
            }
            rule.dayOfMonth = day
        }
        return .some(rule)
    }

    /// `1st`, `2nd`, `15`, `15th` as a number.
    private static func ordinal(_ word: String) -> Int? {
        let digits = word.prefix { $0.isASCII && $0.isNumber }
        guard ["", "st", "nd", "rd", "th"].contains(String(word.dropFirst(digits.count))) else { return nil }
        return Int(digits)
    }

    /// e.g. "every week", "every 2 days", "every Friday", "every month on the 1st".
    var description: String {
        if let weekday { return "every \(DayCalendar.weekdayNames[max(1, min(7, weekday)) - 1])" }
        var text = count == 1 ? "every \(unit.name)" : "every \(count) \(unit.name)s"
        if let dayOfMonth { text += " on the \(Self.ordinalText(dayOfMonth))" }
        return text
    }

    static func ordinalText(_ day: Int) -> String {
        let suffix: String
        switch (day % 10, day % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(day)\(suffix)"
    }

    /// How the store keeps it: `2d`, `1w@5` (every Friday), `1m@1`, `1y`.
    var code: String {
        "\(count)\(unit.rawValue)" + (weekday ?? dayOfMonth).map { "@\($0)" }.orEmpty
    }

    /// Reads ``code`` back (and todo.txt's `rec:` values such as `1w`, `+2d`); nil when it is not one.
    init?(code: String) {
        var text = Substring(code)
        if text.hasPrefix("+") { text = text.dropFirst() }
        let parts = text.split(separator: "@", maxSplits: 1)
        guard let head = parts.first, let last = head.last, let unit = Unit(rawValue: String(last).lowercased()) else { return nil }
        let number = head.dropLast()
        guard let count = number.isEmpty ? 1 : Int(number), (1...999).contains(count) else { return nil }
        self.init(count: count, unit: unit)
        if parts.count == 2 {
            guard let anchor = Int(parts[1]) else { return nil }
            switch unit {
            case .week where (1...7).contains(anchor): weekday = anchor
            case .month where (1...31).contains(anchor): dayOfMonth = anchor
            default: return nil
            }
        }
    }

    /// The first due day this rule allows on or after `day` (a Friday for `every friday`,
    /// the 1st for `every month on the 1st`); `day` itself for the other rules.
    func firstDay(onOrAfter day: CalendarDay, calendar: DayCalendar) -> CalendarDay {
        if let weekday {
            return calendar.adding((weekday - calendar.isoWeekday(of: day) + 7) % 7, to: day)
        }
        if let dayOfMonth {
            let inMonth = Self.day(dayOfMonth, year: day.year, month: day.month, calendar: calendar)
            return inMonth >= day ? inMonth : anchored(calendar.adding(months: 1, to: day), calendar: calendar)
        }
        return day
    }

    /// The due day of the next one after an item due on `due`, not before `today`.
    func next(after due: CalendarDay, today: CalendarDay, calendar: DayCalendar) -> CalendarDay {
        var day = step(due, calendar: calendar)
        var guardCount = 0
        while day < today, guardCount < 10_000 {
            day = step(day, calendar: calendar)
            guardCount += 1
        }
        return day
    }

    private func step(_ day: CalendarDay, calendar: DayCalendar) -> CalendarDay {
        switch unit {
        case .day: return calendar.adding(count, to: day)
        case .week: return calendar.adding(7 * count, to: day)
        case .month: return anchored(calendar.adding(months: count, to: day), calendar: calendar)
        case .year: return calendar.adding(months: 12 * count, to: day)
        }
    }

    /// `day` moved to the rule's day of the month in its month, when it has one.
    private func anchored(_ day: CalendarDay, calendar: DayCalendar) -> CalendarDay {
        guard let dayOfMonth else { return day }
        return Self.day(dayOfMonth, year: day.year, month: day.month, calendar: calendar)
    }

    /// Day `wanted` of a month, or its last day when the month is shorter.
    private static func day(_ wanted: Int, year: Int, month: Int, calendar: DayCalendar) -> CalendarDay {
        var day = wanted
        while day > 28, calendar.validDay(year: year, month: month, day: day) == nil { day -= 1 }
        return CalendarDay(year: year, month: month, day: day)
    }
}

extension Optional where Wrapped == String {
    /// The text, or "" for nil.
    var orEmpty: String { self ?? "" }
}
