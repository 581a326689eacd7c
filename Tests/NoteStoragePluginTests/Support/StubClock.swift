import Contracts

/// A clock that says what the test sets.
final class StubClock: Clock {
    var secondsSince1970: Double
    let timeZoneIdentifier = "UTC"

    init(_ seconds: Double = 1_800_000_000) {
        secondsSince1970 = seconds
    }
}
