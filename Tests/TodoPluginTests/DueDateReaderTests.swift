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

    @Test func taskwarriorsNamedDaysDurationsAndOrdinalsRead() throws {
        // Tuesday 2026-12-01.
        #expect(try read("eow") == "2026-12-06")
        #expect(try read("sow") == "2026-12-07")
        #expect(try read("eom") == "2026-12-31")
        #expect(try read("som") == "2027-01-01")
        #expect(try read("eoy") == "2026-12-31")
        #expect(try read("soy") == "2027-01-01")
        #expect(try read("eod") == "2026-12-01")
        #expect(try read("3d") == "2026-12-04")
        #expect(try read("+2w") == "2026-12-15")
        #expect(try read("1mo") == "2027-01-01")
        #expect(try read("1y") == "2027-12-01")
        #expect(try read("1st") == "2026-12-01", "today is the 1st")
        #expect(try read("15th") == "2026-12-15")
        #expect(try read("31st", now: "2027-02-03T09:00:00Z") == "2027-03-31", "February has no 31st")
        #expect(try reader().read("eom 5pm")?.time == 17 * 60)
        #expect(try refusal("32nd") == "'32nd' is not a day of a month; give 1st to 31st")
        #expect(try refusal("3x")?.hasPrefix("'3x' is not a due date") == true)
    }

    /// GNU date's and taskwarrior's rule: `next friday` is the coming Friday, as `friday` is.
    @Test func nextWeekdayIsTheComingOneAsGNUDateReadsIt() throws {
        // Tuesday 2026-12-01.
        #expect(try read("friday") == "2026-12-04")
        #expect(try read("next friday") == "2026-12-04")
        #expect(try read("this friday") == "2026-12-04")
        #expect(try read("Next Monday") == "2026-12-07")
        #expect(try read("next sun") == "2026-12-06")
        #expect(try read("next tuesday") == "2026-12-08")
        #expect(try read("last friday") == "2026-11-27")
        #expect(try read("next week") == "2026-12-07")
        #expect(try reader(firstWeekday: 1).read("next week")?.day == day("2026-12-06"))
        #expect(try read("next month") == "2027-01-01")
    }

    @Test func pastDaysAreTakenAndSaidToBeOverdue() throws {
        #expect(try read("yesterday") == "2026-11-30")
        #expect(try read("3 days ago") == "2026-11-28")
        #expect(try read("24 dec 2025") == "2025-12-24")
        #expect(try read("2026-11-01") == "2026-11-01")
        #expect(try reader().read("2026-11-01")?.nearness == .overdue)
    }

    @Test func aTimeOfDayMayFollowTheDayOrStandAlone() throws {
        #expect(try reader().read("tomorrow 9am")?.time == 9 * 60)
        #expect(try reader().read("tomorrow 9am")?.day == day("2026-12-02"))
        #expect(try reader().read("friday at 5:30 pm")?.time == 17 * 60 + 30)
        #expect(try reader().read("dec 24 18:00")?.time == 18 * 60)
        #expect(try reader().read("12am")?.time == 0)
        #expect(try reader().read("noon")?.day == day("2026-12-01"))
        #expect(try reader().read("noon")?.time == 12 * 60)
        // A dotted pair is a day, not a time, unless am or pm follows.
        #expect(try reader().read("24.12")?.time == nil)
        #expect(try refusal("tomorrow 25:00") == "'25:00' in 'tomorrow 25:00' is not a time of day; the hour is 0 to 23 (or 1 to 12 with am/pm)")
        #expect(try refusal("tomorrow 13pm") == "'13pm' in 'tomorrow 13pm' is not a time of day; with am or pm the hour is 1 to 12")
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
        #expect(try refusal("in 5000 days") == "'in 5000 days' is too far; give a count from 0 to 1200")
        #expect(try refusal("next blursday") == "'next blursday' is not a due date: use today, tomorrow, a weekday (friday, next friday), in 3 days/weeks/months, dec 24, 24 dec, 24/12 (day/month), 2026-12-24 or none, with a time if you like (tomorrow 9am)")
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
