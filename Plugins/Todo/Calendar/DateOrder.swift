import Foundation

/// The order of day, month and year in a numeric date, from the user's locale, so `24/12` reads
/// as 24 December in Britain and `12/24` as 24 December in the US. Found the way ``WeekStart``
/// finds the first weekday (the POSIX variables, since Foundation on Linux ignores `LANG`), from
/// the locale's own short date pattern. Without a locale: day first.
enum DateOrder: Equatable {
    /// 24/12/2026, 24.12.
    case dayMonthYear
    /// 12/24/2026.
    case monthDayYear
    /// 2026/12/24 (and 12/24 without a year).
    case yearMonthDay

    /// The order for the locale named in `environment`.
    static func of(environment: [String: String]) -> DateOrder {
        guard let name = WeekStart.localeName(environment: environment),
              let pattern = DateFormatter.dateFormat(fromTemplate: "yMd", options: 0, locale: Locale(identifier: name)) else {
            return .dayMonthYear
        }
        return of(pattern: pattern)
    }

    /// The order of the first `d`, `M` and `y` in a date pattern such as `M/d/y`.
    static func of(pattern: String) -> DateOrder {
        func position(_ letter: Character) -> Int { pattern.firstIndex(of: letter).map { pattern.distance(from: pattern.startIndex, to: $0) } ?? Int.max }
        let (day, month, year) = (position("d"), position("M"), position("y"))
        if year < month && year < day { return .yearMonthDay }
        return month < day ? .monthDayYear : .dayMonthYear
    }

    /// How the user types it, for messages: "day/month" or "month/day".
    var example: String {
        switch self {
        case .dayMonthYear: return "24/12 (day/month)"
        case .monthDayYear: return "12/24 (month/day)"
        case .yearMonthDay: return "2026/12/24 (year/month/day)"
        }
    }
}
