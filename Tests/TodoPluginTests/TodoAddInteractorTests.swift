import ConformanceKit
import Contracts
import Testing
import ViperTestSupport
@testable import TodoPlugin

@Suite struct TodoAddInteractorTests {
    /// Tuesday 2026-12-01, 09:00 UTC.
    private func makeInteractor(now: String = "2026-12-01T09:00:00Z", store: any TodoStore = StubTodoStore()) throws -> TodoAddInteractor {
        TodoAddInteractor(store: store, clock: try FixedClock(iso8601: now))
    }

    private func rejection(_ text: String) throws -> String? {
        let interactor = try makeInteractor()
        do {
            _ = try interactor.doParseDueDate(text)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func readsAnISODate() throws {
        #expect(try makeInteractor().doParseDueDate("2026-12-24")?.day == day("2026-12-24"))
        #expect(try makeInteractor().doParseDueDate("2026-12-01") == DueDay(day: day("2026-12-01"), weekday: 2, nearness: .today))
    }

    @Test func readsTodayAndTomorrowInAnyCase() throws {
        #expect(try makeInteractor().doParseDueDate("today")?.day == day("2026-12-01"))
        #expect(try makeInteractor().doParseDueDate(" Tomorrow ") == DueDay(day: day("2026-12-02"), weekday: 3, nearness: .tomorrow))
        #expect(try makeInteractor(now: "2026-12-31T09:00:00Z").doParseDueDate("tomorrow")?.day == day("2027-01-01"))
    }

    @Test func readsAWeekdayAsTheNextSuchDayAfterToday() throws {
        #expect(try makeInteractor().doParseDueDate("friday")?.day == day("2026-12-04"))
        #expect(try makeInteractor().doParseDueDate("Mon")?.day == day("2026-12-07"))
        #expect(try makeInteractor().doParseDueDate("sunday")?.day == day("2026-12-06"))
        // Typed on a Tuesday, "tuesday" means next week's.
        #expect(try makeInteractor().doParseDueDate("tuesday")?.day == day("2026-12-08"))
        #expect(try makeInteractor().doParseDueDate("wed")?.day == day("2026-12-02"))
    }

    @Test func rejectsWordsItDoesNotKnowAndSaysWhatItAccepts() throws {
        let accepted = "use today, tomorrow, a weekday (friday, next friday), in 3 days/weeks/months, dec 24, 24 dec, 24/12 (day/month), 2026-12-24 or none, with a time if you like (tomorrow 9am)"
        #expect(try rejection("someday soon") == "'someday soon' is not a due date: \(accepted)")
        #expect(try rejection("next  fortnight") == "'next fortnight' is not a due date: \(accepted)")
        #expect(try rejection("2026-12-1") == "'2026-12-1' is not a due date: \(accepted)")
        #expect(try rejection("in 3 lifetimes") == "'in 3 lifetimes' is not a due date: \(accepted)")
        #expect(try rejection("") == "give a due date: \(accepted)")
    }

    @Test func rejectsDaysThatDoNotExistButTakesPastOnes() throws {
        #expect(try rejection("2026-02-30") == "2026-02-30 is not a day of the calendar; check the month and day")
        #expect(try rejection("2026-13-01") == "2026-13-01 is not a day of the calendar; check the month and day")
        #expect(try makeInteractor().doParseDueDate("2026-11-30") == DueDay(day: day("2026-11-30"), weekday: 1, nearness: .overdue))
    }

    @Test func savesThroughTheStoreAndReportsTheItem() throws {
        let store = StubTodoStore()
        let interactor = try makeInteractor(store: store)
        let output = SpyTodoAddInteractorOutput()
        interactor.output = output
        try interactor.doSave(name: "Buy milk", due: interactor.doParseDueDate("2026-12-02"))
        #expect(store.stored == [TodoItem(id: 1, name: "Buy milk", due: day("2026-12-02"))])
        #expect(output.saved == [TodoSummary(id: 1, title: "Buy milk", due: DueDay(day: day("2026-12-02"), weekday: 3, nearness: .tomorrow))])
    }

    @Test func reportsAFailedSave() throws {
        let store = StubTodoStore()
        store.failure = StubError(description: "/data/todo.sqlite: disk I/O error")
        let interactor = try makeInteractor(store: store)
        let output = SpyTodoAddInteractorOutput()
        interactor.output = output
        try interactor.doSave(name: "Buy milk", due: interactor.doParseDueDate("2026-12-02"))
        #expect(output.failures == ["cannot save the item: /data/todo.sqlite: disk I/O error"])
    }

    @Test func anItemWithoutADateIsKeptByThePluginsStoreAndRefusedByAPlainOne() throws {
        let records = FakeTodoRecords()
        let interactor = try makeInteractor(store: records)
        let output = SpyTodoAddInteractorOutput()
        interactor.output = output
        try interactor.doSave(name: "Read a book", due: interactor.doParseDueDate("none"))
        #expect(records.rows == [TodoRecord(id: 1, name: "Read a book", due: nil)])
        #expect(output.saved == [TodoSummary(id: 1, title: "Read a book", due: nil)])
        let plain = try makeInteractor(store: StubTodoStore())
        #expect { try plain.doSave(name: "Read a book", due: nil) } throws: {
            "\($0)" == "an item without a date cannot be kept: \(ContractTodoRecords.limitation); give a due day"
        }
    }

    @Test func anItemNeedsANameToBeSaved() throws {
        let store = StubTodoStore()
        let interactor = try makeInteractor(store: store)
        let output = SpyTodoAddInteractorOutput()
        interactor.output = output
        let today = try interactor.doParseDueDate("today")
        #expect { try interactor.doSave(name: "", due: today) } throws: {
            "\($0)" == "the item has no name yet; type 'name TEXT' first"
        }
        #expect(store.stored.isEmpty)
        #expect(output.saved.isEmpty && output.failures.isEmpty)
    }
}
