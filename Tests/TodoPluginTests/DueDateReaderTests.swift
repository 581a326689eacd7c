import ConformanceKit
import Contracts
import Testing
import ViperTestSupport
@testable import TodoPlugin

/// Dates as people type them, read on Tuesday 2026-12-01 (UTC) unless a test says otherwise.
@Suite struct DueDateReaderTests {
    private func reader(now: String = "2026-12-01T09:00:00Z", firstWeekday: Int = WeekStart.iso,
                        order: DateOrder = .dayMonthYear) throws -> DueDateReader {
        DueDateReader(clock: try FixedClock(iso8601: now), firstWeekday: firstWeekday, order: order)
    }

    private func read(_ text: String, order: DateOrder = .dayMonthYear, now: String = "2026-12-01T09:00:00Z") throws -> String? {
        try reader(now: now, order: order).read(text).map { "\($0.day)" }
    }

    private func refusal(_ text: String, order: DateOrder = .dayMonthYear) throws -> String? {
        do {
            _ = try reader(order: order).read(text)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func nextWeekdayIsThatDayOfNextWeek() throws {
        #expect(try read("friday") == "2026-12-04")
        #expect(try read("next friday") == "2026-12-11")
        #expect(try read("Next Monday") == "2026-12-07")
        #expect(try read("next sun") == "2026-12-13")
        // With Sunday-first weeks, next week starts on Sunday 12-06.
        #expect(try reader(firstWeekday: 1).read("next sunday")?.day == day("2026-12-06"))
    }

    @Test func inACountOfDaysWeeksMonthsOrYears() throws {
        #expect(try read("in 3 weeks") == "2026-12-22")
        #expect(try read("in 2 days") == "2026-12-03")
        #expect(try read("in a month") == "2027-01-01")
        #expect(try read("in 1 year") == "2027-12-01")
        #expect(try read("in 1 month", now: "2027-01-31T09:00:00Z") == "2027-02-28")
    }

    @Test func aMonthsNameAndADayEitherWayRoundAreTheNextSuchDay() throws {
        #expect(try read("dec 24") == "2026-12-24")
        #expect(try read("24 dec") == "2026-12-24")
        #expect(try read("December 24th") == "2026-12-24")
        #expect(try read("dec 1") == "2026-12-01")
        #expect(try read("nov 30") == "2027-11-30")
        #expect(try read("feb 29") == "2028-02-29")
        #expect(try read("24 dec 2027") == "2027-12-24")
    }

    @Test func numericDatesFollowTheLocalesOrder() throws {
        #expect(try read("24/12") == "2026-12-24")
        #expect(try read("24.12.") == "2026-12-24")
        #expect(try read("24.12.2026") == "2026-12-24")
        #expect(try read("5/1/27") == "2027-01-05")
        #expect(try read("12/24", order: .monthDayYear) == "2026-12-24")
        #expect(try read("1/5/2027", order: .monthDayYear) == "2027-01-05")
        #expect(try read("2026/12/24", order: .yearMonthDay) == "2026-12-24")
        #expect(try read("2026-12-24", order: .monthDayYear) == "2026-12-24")
    }

    @Test func noneIsAnItemWithoutADate() throws {
        #expect(try reader().read("none") == nil)
        #expect(try reader().read(" None ") == nil)
    }

    @Test func aDayThatCannotBeOrHasPassedIsRefusedWithWhatToType() throws {
        #expect(try refusal("12/24") == "12/24 is not a day of the calendar; check the month and day; numbers read as 24/12 (day/month) here")
        #expect(try refusal("31 feb") == "31 feb is not a day of the calendar; check the month and day; numbers read as 24/12 (day/month) here")
        #expect(try refusal("24 dec 2025") == "2025-12-24 is in the past (today is 2026-12-01); give today or a later day")
        #expect(try refusal("1/11/2026") == "2026-11-01 is in the past (today is 2026-12-01); give today or a later day")
        #expect(try refusal("in 5000 days") == "'in 5000 days' is too far; give a count from 0 to 1200")
        #expect(try refusal("next blursday") == "'next blursday' is not a due date: use today, tomorrow, a weekday (friday, next friday), in 3 days/weeks/months, dec 24, 24 dec, 24/12 (day/month), 2026-12-24 or none")
    }

    @Test func theOrderComesFromTheLocalesShortDatePattern() {
        #expect(DateOrder.of(pattern: "M/d/y") == .monthDayYear)
        #expect(DateOrder.of(pattern: "dd/MM/y") == .dayMonthYear)
        #expect(DateOrder.of(pattern: "d.M.y") == .dayMonthYear)
        #expect(DateOrder.of(pattern: "y/M/d") == .yearMonthDay)
        #expect(DateOrder.of(environment: [:]) == .dayMonthYear)
        #expect(DateOrder.of(environment: ["LC_ALL": "C"]) == .dayMonthYear)
        #expect(DateOrder.of(environment: ["LANG": "en_US.UTF-8"]) == .monthDayYear)
        #expect(DateOrder.of(environment: ["LANG": "de_DE.UTF-8"]) == .dayMonthYear)
    }
}
