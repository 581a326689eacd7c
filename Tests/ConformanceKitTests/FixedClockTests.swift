import ConformanceKit
import Testing

@Suite struct FixedClockTests {
    @Test func anISOInstantIsReadWithItsZone() throws {
        let clock = try FixedClock(iso8601: "2026-01-05T10:00:00+01:00", timeZoneIdentifier: "Europe/Berlin")
        #expect(clock.secondsSince1970 == FixedClock().secondsSince1970)
        #expect(clock.timeZoneIdentifier == "Europe/Berlin")
    }

    @Test func anInstantWithoutAZoneIsRefusedWithAnExample() {
        let error = #expect(throws: FixedClock.InvalidInstant.self) { try FixedClock(iso8601: "2026-01-05T09:00:00") }
        #expect(error?.description == "'2026-01-05T09:00:00' is not an ISO 8601 instant; write it with a zone, such as 2026-12-01T09:00:00Z")
    }
}
