import Foundation

/// How the list says an instant: `2026-12-01 10:00 CET`, in the clock's time zone (`VIPER_TZ`,
/// else the system's) with the zone named, so a date never reads as local when it is not.
/// Computed by hand from the zone's offset at that instant (Foundation's formatter would cost
/// most of the time of showing a 1,000-item feed); the zone's name is looked up once per offset.
final class LocalDates {
    private let timeZone: TimeZone
    private var names: [Int: String] = [:]

    init(timeZoneIdentifier: String) {
        timeZone = TimeZone(identifier: timeZoneIdentifier) ?? TimeZone(secondsFromGMT: 0) ?? .current
    }

    func text(_ seconds: Double) -> String {
        let date = Date(timeIntervalSince1970: seconds)
        let offset = timeZone.secondsFromGMT(for: date)
        let local = Int((seconds + Double(offset)).rounded(.down))
        let days = local >= 0 ? local / 86400 : (local - 86399) / 86400
        let secondOfDay = local - days * 86400
        let (year, month, day) = Self.civil(days)
        return String(format: "%04d-%02d-%02d %02d:%02d ", year, month, day, secondOfDay / 3600, secondOfDay % 3600 / 60) + name(offset, date)
    }

    /// The instant as ISO 8601 in the same zone, with its offset: `2026-12-01T10:00:00+01:00`
    /// (`+00:00` in UTC), for data a script reads (`viper --json`).
    func iso8601(_ seconds: Double) -> String {
        let offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds))
        let local = Int((seconds + Double(offset)).rounded(.down))
        let days = local >= 0 ? local / 86400 : (local - 86399) / 86400
        let secondOfDay = local - days * 86400
        let (year, month, day) = Self.civil(days)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d%@%02d:%02d", year, month, day, secondOfDay / 3600, secondOfDay % 3600 / 60,
                      secondOfDay % 60, offset < 0 ? "-" : "+", abs(offset) / 3600, abs(offset) % 3600 / 60)
    }

    private func name(_ offset: Int, _ date: Date) -> String {
        if let known = names[offset] { return known }
        var name = ZoneNames.names(of: timeZone.identifier)[offset] ?? timeZone.abbreviation(for: date) ?? ""
        if name.isEmpty || name.hasPrefix("GMT+") || name.hasPrefix("GMT-") || name.hasPrefix("+") || name.hasPrefix("-") {
            let sign = offset < 0 ? "-" : "+"
            name = String(format: "UTC%@%02d:%02d", sign, abs(offset) / 3600, abs(offset) % 3600 / 60)
        }
        if offset == 0, timeZone.identifier == "UTC" || timeZone.identifier == "GMT" { name = "UTC" }
        names[offset] = name
        return name
    }

    /// Year, month and day of `days` since 1970-01-01 (Howard Hinnant's algorithm).
    private static func civil(_ days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
