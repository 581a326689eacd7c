/// The current time, resolved as a service so tests can pin "today" (the objc.io
/// VIPER to-do app injects its clock the same way).
///
/// Contracts depends on the standard library only, so time is plain numbers;
/// plugins turn them into Foundation values:
///
///     let now = Date(timeIntervalSince1970: clock.secondsSince1970)
///     var calendar = Calendar(identifier: .gregorian)
///     calendar.timeZone = TimeZone(identifier: clock.timeZoneIdentifier) ?? .current
public protocol Clock: AnyObject {
    /// The current instant, in seconds since 1970-01-01 00:00 UTC.
    var secondsSince1970: Double { get }
    /// The time zone that days and weeks are computed in, e.g. `Europe/Berlin`.
    var timeZoneIdentifier: String { get }
}
