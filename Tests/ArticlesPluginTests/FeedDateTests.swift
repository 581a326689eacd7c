import Foundation
import Testing
@testable import ArticlesPlugin

/// The dates feeds write, read into instants: RFC 822 as RSS writes it (and as it is written
/// wrong), RFC 3339 as Atom and JSON Feed write it; what cannot be read is nil, never a guess.
@Suite struct FeedDateTests {
    /// 2026-12-01 09:00:00 UTC.
    private let nineUTC = 1_796_115_600.0

    @Test func readsRFC822WithTheDaysNameAndGMT() {
        #expect(FeedDate.instant("Tue, 01 Dec 2026 09:00:00 GMT") == nineUTC)
    }

    @Test func readsRFC822WithoutTheDaysNameOrTheSecondsOrWithOneDigitDays() {
        #expect(FeedDate.instant("01 Dec 2026 09:00 GMT") == nineUTC)
        #expect(FeedDate.instant("Tue, 1 Dec 2026 09:00:00 +0000") == nineUTC)
        #expect(FeedDate.instant("Tue 1 December 2026 09:00:00 UT") == nineUTC)
    }

    @Test func twoDigitYearsAreThisCenturyBelow50AndTheLastOneFrom50() {
        #expect(FeedDate.instant("Tue, 01 Dec 26 09:00:00 GMT") == nineUTC)
        #expect(FeedDate.instant("Sat, 05 Dec 98 12:00:00 GMT") == 912_859_200)
    }

    @Test func zoneNamesAndOffsetsAreHonoured() {
        #expect(FeedDate.instant("Tue, 01 Dec 2026 04:00:00 EST") == nineUTC)
        #expect(FeedDate.instant("Tue, 01 Dec 2026 01:00:00 PST") == nineUTC)
        #expect(FeedDate.instant("Tue, 01 Dec 2026 05:00:00 EDT") == nineUTC)
        #expect(FeedDate.instant("Tue, 01 Dec 2026 10:00:00 CET") == nineUTC)
        #expect(FeedDate.instant("Tue, 01 Dec 2026 10:30:00 +0130") == nineUTC)
        #expect(FeedDate.instant("Tue, 01 Dec 2026 09:00:00 Z") == nineUTC)
        #expect(FeedDate.instant("Tue, 01 Dec 2026 09:00:00 GMT (Coordinated Universal Time)") == nineUTC)
    }

    @Test func readsRFC3339WithFractionsOffsetsALowerCaseTAndASpace() {
        #expect(FeedDate.instant("2026-12-01T09:00:00Z") == nineUTC)
        #expect(FeedDate.instant("2026-12-01T10:00:00.250+01:00") == nineUTC + 0.25)
        #expect(FeedDate.instant("2026-12-01t09:00:00z") == nineUTC)
        #expect(FeedDate.instant("2026-12-01 04:00:00-05:00") == nineUTC)
        #expect(FeedDate.instant("2026-12-01 09:00") == nineUTC)
        #expect(FeedDate.instant("2026-12-01") == nineUTC - 9 * 3600)
    }

    @Test func garbageAndImpossibleDatesAreNotRead() {
        for text in ["sometime last week", "", "Tue, 31 Feb 2026 09:00:00 GMT", "2026-13-01T00:00:00Z", "2026-12-01T25:00:00Z",
                     "Tue, 01 Dec 2026 09:00:00 XYZ", "01 Foo 2026 09:00 GMT", "2026-12-01T09:00:00Z trailing", "1 Dec 026 09:00 GMT"] {
            #expect(FeedDate.instant(text) == nil, "\(text)")
        }
    }

    @Test func aLeapDayReads() {
        #expect(FeedDate.instant("2028-02-29T00:00:00Z") != nil)
        #expect(FeedDate.instant("2027-02-29T00:00:00Z") == nil)
    }
}
