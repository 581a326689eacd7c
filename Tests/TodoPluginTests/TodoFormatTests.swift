import Contracts
import Testing
import ViperTestSupport
@testable import TodoPlugin

/// How the to-do Presenters say a due day the Interactors read.
@Suite struct TodoFormatTests {
    @Test func aDueDayIsItsWeekdayItsDateAndHowNearItIs() {
        #expect(TodoFormat.label(DueDay(day: day("2026-12-01"), weekday: 2, nearness: .today)) == "Tuesday 2026-12-01 (today)")
        #expect(TodoFormat.label(DueDay(day: day("2026-11-20"), weekday: 5, nearness: .overdue)) == "Friday 2026-11-20 (overdue)")
        #expect(TodoFormat.label(DueDay(day: day("2026-12-04"), weekday: 5, nearness: nil)) == "Friday 2026-12-04")
    }

    @Test func weekdaysAreNamedMondayFirst() {
        #expect((1...7).map(TodoFormat.weekdayName) == ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"])
    }
}
