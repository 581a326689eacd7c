import Contracts
import Foundation

/// The host's ``Clock``: the real time, or a fixed instant when `VIPER_NOW` is set
/// (ISO 8601, e.g. `2026-12-01T09:00:00Z`), so end-to-end tests can pin "today";
/// days are computed in `VIPER_TZ` (an IANA name such as `Europe/Berlin`) or the
/// system's time zone.
///
/// A setting that is present but unreadable is an error that names the variable and
/// the form it takes: a pinned clock that silently ran on the real time would make
/// "today" wrong without a word.
final class SystemClock: Clock {
    private let pinned: Double?
    let timeZoneIdentifier: String

    init(environment: [String: String]) throws {
        if let text = environment["VIPER_NOW"] {
            guard let date = Self.instant(text) else {
                throw SystemClockError(
                    "VIPER_NOW=\(text) is not an instant; use ISO 8601 with a zone, e.g. 2026-12-01T09:00:00Z or 2026-12-01T10:00:00+01:00, or unset it for the real time"
                )
            }
            pinned = date.timeIntervalSince1970
        } else {
            pinned = nil
        }
        if let zone = environment["VIPER_TZ"] {
            guard TimeZone(identifier: zone) != nil else {
                throw SystemClockError("VIPER_TZ=\(zone) is not a time zone; use an IANA name such as UTC or Europe/Berlin, or unset it for the system's")
            }
            timeZoneIdentifier = zone
        } else {
            timeZoneIdentifier = TimeZone.current.identifier
        }
    }

    var secondsSince1970: Double { pinned ?? Date().timeIntervalSince1970 }

    /// Reads ISO 8601 with or without fractional seconds.
    private static func instant(_ text: String) -> Date? {
        let plain = ISO8601DateFormatter()
        if let date = plain.date(from: text) { return date }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text)
    }
}

/// A clock setting in the environment that viper cannot read.
struct SystemClockError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
