import ConformanceKit
import Contracts
import Testing
import ViperTestSupport
@testable import TodoPlugin

@Suite struct DayCalendarTests {
    let calendar = DayCalendar(timeZoneIdentifier: "UTC")

    @Test func weeksRunFromMondayToSunday() {
        #expect(calendar.isoWeekday(of: day("2026-11-30")) == 1)
        #expect(calendar.isoWeekday(of: day("2026-12-01")) == 2)
        #expect(calendar.isoWeekday(of: day("2026-12-06")) == 7)
        #expect(calendar.endOfWeek(containing: day("2026-12-06")) == day("2026-12-06"))
        #expect(calendar.endOfWeek(containing: day("2026-12-07")) == day("2026-12-13"))
    }

    @Test func theWeekdayArithmeticAgreesWithFoundationOnEveryDayFrom1999To2101() {
        var day = CalendarDay(year: 1999, month: 1, day: 1)
        var disagreements: [CalendarDay] = []
        while day.year < 2102 {
            if calendar.isoWeekday(of: day) != calendar.foundationISOWeekday(of: day) { disagreements.append(day) }
            day = calendar.adding(1, to: day)
        }
        #expect(disagreements.isEmpty)
        #expect(calendar.isoWeekday(of: CalendarDay(year: 1, month: 1, day: 1)) == 1, "0001-01-01 was a Monday (proleptic Gregorian)")
    }

    @Test func addingDaysCrossesMonthsAndYears() {
        #expect(calendar.adding(1, to: day("2026-11-30")) == day("2026-12-01"))
        #expect(calendar.adding(1, to: day("2026-12-31")) == day("2027-01-01"))
        #expect(calendar.adding(-1, to: day("2028-03-01")) == day("2028-02-29"))
    }

    @Test func todayIsTakenInTheClocksTimeZone() throws {
        let lateInUTC = try FixedClock(iso8601: "2026-12-01T23:30:00Z", timeZoneIdentifier: "Europe/Berlin")
        let berlin = DayCalendar(timeZoneIdentifier: lateInUTC.timeZoneIdentifier)
        #expect(berlin.today(lateInUTC) == day("2026-12-02"))
        #expect(calendar.today(lateInUTC) == day("2026-12-01"))
    }

    @Test func onlyRealDaysAreValid() {
        #expect(calendar.validDay(year: 2028, month: 2, day: 29) == day("2028-02-29"))
        #expect(calendar.validDay(year: 2026, month: 2, day: 29) == nil)
        #expect(calendar.validDay(year: 2026, month: 4, day: 31) == nil)
        #expect(calendar.validDay(year: 2026, month: 13, day: 1) == nil)
    }
}
