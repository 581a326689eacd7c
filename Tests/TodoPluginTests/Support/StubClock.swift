import Contracts
import Foundation

/// A clock pinned to one instant and time zone.
final class StubClock: Clock {
    let secondsSince1970: Double
    let timeZoneIdentifier: String

    init(_ iso8601: String, timeZone: String = "UTC") {
        secondsSince1970 = ISO8601DateFormatter().date(from: iso8601)?.timeIntervalSince1970 ?? .nan
        timeZoneIdentifier = timeZone
    }
}
