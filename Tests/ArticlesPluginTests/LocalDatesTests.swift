import Testing
@testable import ArticlesPlugin

/// Instants said in the clock's zone with the zone named, as the zone file names it.
@Suite struct LocalDatesTests {
    /// 2026-12-01 09:00:00 UTC and 2026-06-21 12:00:00 UTC.
    private let winter = 1_796_115_600.0
    private let summer = 1_782_043_200.0

    @Test func aZoneIsNamedByItsAbbreviationWinterAndSummer() {
        let berlin = LocalDates(timeZoneIdentifier: "Europe/Berlin")
        #expect(berlin.text(winter) == "2026-12-01 10:00 CET")
        #expect(berlin.text(summer) == "2026-06-21 14:00 CEST")
        #expect(LocalDates(timeZoneIdentifier: "America/New_York").text(winter) == "2026-12-01 04:00 EST")
    }

    @Test func aZoneWithoutAnAbbreviationIsNamedByItsOffset() {
        #expect(LocalDates(timeZoneIdentifier: "America/Sao_Paulo").text(winter) == "2026-12-01 06:00 UTC-03:00")
    }

    @Test func utcAndAnUnknownZoneReadAsUTC() {
        #expect(LocalDates(timeZoneIdentifier: "UTC").text(winter) == "2026-12-01 09:00 UTC")
        #expect(LocalDates(timeZoneIdentifier: "Not/AZone").text(winter) == "2026-12-01 09:00 UTC")
    }

    @Test func datesBefore1970AndAcrossTheDayLineAreRight() {
        #expect(LocalDates(timeZoneIdentifier: "UTC").text(-86_400) == "1969-12-31 00:00 UTC")
        #expect(LocalDates(timeZoneIdentifier: "Pacific/Auckland").text(winter) == "2026-12-01 22:00 NZDT")
    }
}
