import Testing
import ViperTestSupport
@testable import TodoPlugin

/// The first day of the week comes from the user's locale; ISO Monday without one.
@Suite struct WeekStartTests {
    @Test func withoutALocaleOrWithCTheWeekStartsOnMonday() {
        #expect(WeekStart.firstWeekday(environment: [:]) == 2)
        #expect(WeekStart.firstWeekday(environment: ["LANG": "C.UTF-8"]) == 2)
        #expect(WeekStart.firstWeekday(environment: ["LC_ALL": "POSIX"]) == 2)
    }

    @Test func aUSLocaleStartsOnSundayAndAGermanOneOnMonday() {
        #expect(WeekStart.firstWeekday(environment: ["LANG": "en_US.UTF-8"]) == 1)
        #expect(WeekStart.firstWeekday(environment: ["LANG": "de_DE.UTF-8"]) == 2)
    }

    @Test func lcAllWinsOverLcTimeWhichWinsOverLang() {
        #expect(WeekStart.localeName(environment: ["LC_ALL": "de_DE@euro", "LC_TIME": "en_US", "LANG": "fr_FR"]) == "de_DE")
        #expect(WeekStart.localeName(environment: ["LC_ALL": "", "LC_TIME": "en_US.UTF-8", "LANG": "fr_FR"]) == "en_US")
        #expect(WeekStart.localeName(environment: ["LANG": "fr_FR.UTF-8"]) == "fr_FR")
    }

    @Test func aSundayFirstCalendarStartsAndEndsWeeksOnTheRightDays() {
        let us = DayCalendar(timeZoneIdentifier: "UTC", firstWeekday: 1)
        #expect(us.startOfWeek(containing: day("2026-12-01")) == day("2026-11-29"))
        #expect(us.endOfWeek(containing: day("2026-12-01")) == day("2026-12-05"))
        #expect(us.startOfWeek(containing: day("2026-11-29")) == day("2026-11-29"))
        #expect(us.endOfNextWeek(after: day("2026-12-05")) == day("2026-12-12"))
        let iso = DayCalendar(timeZoneIdentifier: "UTC")
        #expect(iso.startOfWeek(containing: day("2026-11-29")) == day("2026-11-23"))
    }
}
