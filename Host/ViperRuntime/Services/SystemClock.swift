import Contracts
import Foundation

/// The host's ``Clock``: the real time, or a fixed instant when `VIPER_NOW` is set
/// (ISO 8601, e.g. `2026-12-01T09:00:00Z`), so end-to-end tests can pin "today".
final class SystemClock: Clock {
    private let pinned: Double?
    let timeZoneIdentifier: String

    init(environment: [String: String]) {
        pinned = environment["VIPER_NOW"].flatMap { ISO8601DateFormatter().date(from: $0) }?.timeIntervalSince1970
        timeZoneIdentifier = environment["VIPER_TZ"] ?? TimeZone.current.identifier
    }

    var secondsSince1970: Double { pinned ?? Date().timeIntervalSince1970 }
}
