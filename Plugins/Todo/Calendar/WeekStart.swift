import Foundation

/// The day a week starts on, from the user's locale: the objc.io to-do app groups by
/// its calendar's first weekday, and so does this plugin.
///
/// Foundation on Linux does not follow `LANG` in `Locale.current`, so the POSIX
/// variables are read here in their usual order (`LC_ALL`, then `LC_TIME`, then
/// `LANG`). Without a locale, or with `C`/`POSIX`, the week is ISO 8601's: Monday.
enum WeekStart {
    /// Monday, in Foundation's numbering (1 Sunday ... 7 Saturday).
    static let iso = 2

    /// The first weekday for the locale named in `environment`.
    static func firstWeekday(environment: [String: String]) -> Int {
        guard let name = localeName(environment: environment) else { return iso }
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: name)
        return calendar.firstWeekday
    }

    /// `en_US` from `en_US.UTF-8` or `en_US@euro`; nil for no locale, `C` and `POSIX`.
    static func localeName(environment: [String: String]) -> String? {
        let raw = ["LC_ALL", "LC_TIME", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        guard let raw else { return nil }
        let name = String(raw.prefix { $0 != "." && $0 != "@" })
        return ["", "C", "POSIX"].contains(name) ? nil : name
    }
}
