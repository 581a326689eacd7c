import Foundation

extension FixedClock {
    /// An instant given to ``FixedClock/init(iso8601:timeZoneIdentifier:)`` that is not
    /// an ISO 8601 date and time with a zone.
    public struct InvalidInstant: Error, CustomStringConvertible {
        /// The text that was given.
        public let text: String

        /// What was wrong and what to write instead.
        public var description: String {
            "'\(text)' is not an ISO 8601 instant; write it with a zone, such as 2026-12-01T09:00:00Z"
        }
    }

    /// Makes a clock pinned to an instant written in ISO 8601, which reads better in a
    /// test than seconds since 1970.
    ///
    ///     let lateInUTC = try FixedClock(iso8601: "2026-12-01T23:30:00Z", timeZoneIdentifier: "Europe/Berlin")
    ///
    /// - Throws: ``InvalidInstant`` when `instant` is not a date and time with a zone.
    public convenience init(iso8601 instant: String, timeZoneIdentifier: String = "UTC") throws {
        guard let date = ISO8601DateFormatter().date(from: instant) else {
            throw InvalidInstant(text: instant)
        }
        self.init(secondsSince1970: date.timeIntervalSince1970, timeZoneIdentifier: timeZoneIdentifier)
    }
}
