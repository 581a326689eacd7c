import Contracts
import Testing
import ViperTestSupport
@testable import TodoPlugin

/// Repeats as typed (`every week`, `every month on the 1st`, `every friday`) and the next due day.
@Suite struct TodoRecurrenceTests {
    private let calendar = DayCalendar(timeZoneIdentifier: "UTC")

    private func rule(_ text: String) throws -> TodoRecurrence? {
        try TodoRecurrence.read(text) ?? nil
    }

    @Test func readsTheShapesATaskwarriorUserTypes() throws {
        #expect(try rule("every week") == TodoRecurrence(count: 1, unit: .week))
        #expect(try rule("every 2 days") == TodoRecurrence(count: 2, unit: .day))
        #expect(try rule("every month on the 1st") == TodoRecurrence(count: 1, unit: .month, dayOfMonth: 1))
        #expect(try rule("every 3 months on 15") == TodoRecurrence(count: 3, unit: .month, dayOfMonth: 15))
        #expect(try rule("every friday") == TodoRecurrence(count: 1, unit: .week, weekday: 5))
        #expect(try rule("monthly") == TodoRecurrence(count: 1, unit: .month))
        #expect(try rule("every fortnight") == TodoRecurrence(count: 2, unit: .week))
        #expect(try rule("every other day") == TodoRecurrence(count: 2, unit: .day))
        #expect(try TodoRecurrence.read("every none") == .some(nil))
    }

    @Test func refusesWhatItCannotReadAndSaysWhatItTakes() {
        #expect { try TodoRecurrence.read("every blue moon") } throws: { "\($0)".contains("is not a repeat: use every day") }
        #expect { try TodoRecurrence.read("every week on the 1st") } throws: { "\($0)".contains("is not a repeat") }
        #expect { try TodoRecurrence.read("every 0 days") } throws: { "\($0)" == "'every 0 ...' needs a count from 1 to 999" }
    }

    @Test func theNextDayIsOnePeriodOnAndNeverBeforeToday() {
        let today = day("2026-12-10")
        #expect(TodoRecurrence(count: 1, unit: .week).next(after: day("2026-12-08"), today: today, calendar: calendar) == day("2026-12-15"))
        // Missed for weeks: the next one is the first not before today.
        #expect(TodoRecurrence(count: 2, unit: .day).next(after: day("2026-11-01"), today: today, calendar: calendar) == day("2026-12-11"))
        let monthly = TodoRecurrence(count: 1, unit: .month, dayOfMonth: 31)
        #expect(monthly.next(after: day("2027-01-31"), today: today, calendar: calendar) == day("2027-02-28"))
        #expect(monthly.next(after: day("2027-02-28"), today: today, calendar: calendar) == day("2027-03-31"))
    }

    @Test func anAnchoredRuleMovesTheFirstDayToOneItAllows() {
        let friday = TodoRecurrence(count: 1, unit: .week, weekday: 5)
        #expect(friday.firstDay(onOrAfter: day("2026-12-01"), calendar: calendar) == day("2026-12-04"))
        let first = TodoRecurrence(count: 1, unit: .month, dayOfMonth: 1)
        #expect(first.firstDay(onOrAfter: day("2026-12-02"), calendar: calendar) == day("2027-01-01"))
        #expect(first.firstDay(onOrAfter: day("2026-12-01"), calendar: calendar) == day("2026-12-01"))
    }

    @Test func theStoredCodeReadsBackAndTodoTxtRecValuesRead() {
        for rule in [TodoRecurrence(count: 2, unit: .day), TodoRecurrence(count: 1, unit: .week, weekday: 5),
                     TodoRecurrence(count: 1, unit: .month, dayOfMonth: 1), TodoRecurrence(count: 1, unit: .year)] {
            #expect(TodoRecurrence(code: rule.code) == rule)
        }
        #expect(TodoRecurrence(code: "+1m") == TodoRecurrence(count: 1, unit: .month))
        #expect(TodoRecurrence(code: "w") == TodoRecurrence(count: 1, unit: .week))
        #expect(TodoRecurrence(code: "1q") == nil)
        #expect(TodoRecurrence(count: 1, unit: .month, dayOfMonth: 22).description == "every month on the 22nd")
        #expect(TodoRecurrence(count: 2, unit: .week).description == "every 2 weeks")
    }
}
