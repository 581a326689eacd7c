import Contracts

/// A ``Clock`` that always says the same instant: by default Monday 2026-01-05 09:00 UTC.
public final class FixedClock: Clock {
    /// The instant, in seconds since 1970.
    public var secondsSince1970: Double
    /// The time zone days are computed in.
    public var timeZoneIdentifier: String

    /// Makes a clock pinned to an instant.
    public init(secondsSince1970: Double = 1_767_603_600, timeZoneIdentifier: String = "UTC") {
        self.secondsSince1970 = secondsSince1970
        self.timeZoneIdentifier = timeZoneIdentifier
    }
}
