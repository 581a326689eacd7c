import ConformanceKit
import Contracts
import Testing
import ViperTestSupport
@testable import TodoPlugin

/// Every item, grouped: overdue, then this week and the next three one by one
/// (weeks from the locale's first weekday), then by month. The clock is pinned.
@Suite struct TodoAllInteractorTests {
    private final class SpyOutput: TodoAllInteractorOutput {
        private(set) var groups: [[TodoGroup]] = []
        private(set) var failures: [String] = []
        func handleGroups(_ groups: [TodoGroup], filter: TodoFilter) { self.groups.append(groups) }
        func handleChange(_ change: TodoChange) {}
        func handleFailure(_ message: String) { failures.append(message) }
    }

    private func groups(on now: String, firstWeekday: Int = WeekStart.iso, _ pairs: [(String, String)])
        throws -> (periods: [TodoPeriod: [String]], order: [TodoPeriod], store: StubTodoStore) {
        let store = StubTodoStore(pairs.enumerated().map { TodoItem(id: Int64($0.offset + 1), name: $0.element.0, due: day($0.element.1)) })
        let interactor = TodoAllInteractor(store: store, clock: try FixedClock(iso8601: now), logger: MemoryLogger(), firstWeekday: firstWeekday)
        let output = SpyOutput()
        interactor.output = output
        interactor.doFindAllItems()
        let last = output.groups.last ?? []
        return (Dictionary(uniqueKeysWithValues: last.map { ($0.period, $0.items.map(\.title)) }), last.map(\.period), store)
    }

    @Test func asksTheStoreForEveryItem() throws {
        let result = try groups(on: "2026-12-01T09:00:00Z", [])
        #expect(result.store.requestedRanges.first?.start == day("0001-01-01"))
        #expect(result.store.requestedRanges.first?.end == day("9999-12-31"))
    }

    @Test func groupsOverdueThenFourWeeksThenMonths() throws {
        // Tuesday 2026-12-01: this week is Monday 11-30 to Sunday 12-06; the fourth week ends Sunday 12-27.
        let result = try groups(on: "2026-12-01T09:00:00Z", [
            ("old", "2026-11-02"), ("yesterday", "2026-11-30"), ("today", "2026-12-01"), ("sunday", "2026-12-06"),
            ("next monday", "2026-12-07"), ("week three", "2026-12-16"), ("week four", "2026-12-27"),
            ("after", "2026-12-28"), ("january", "2027-01-20"), ("far", "2028-05-01"),
        ])
        #expect(result.order == [
            .overdue, .week(start: day("2026-11-30"), offset: 0), .week(start: day("2026-12-07"), offset: 1),
            .week(start: day("2026-12-14"), offset: 2), .week(start: day("2026-12-21"), offset: 3),
            .month(year: 2026, month: 12), .month(year: 2027, month: 1), .month(year: 2028, month: 5),
        ])
        #expect(result.periods[.overdue] == ["old", "yesterday"])
        #expect(result.periods[.week(start: day("2026-11-30"), offset: 0)] == ["today", "sunday"])
        #expect(result.periods[.month(year: 2026, month: 12)] == ["after"])
    }

    @Test func weeksStartOnTheLocalesFirstWeekday() throws {
        // With Sunday-first weeks, Sunday 12-06 already belongs to next week.
        let result = try groups(on: "2026-12-01T09:00:00Z", firstWeekday: 1, [("saturday", "2026-12-05"), ("sunday", "2026-12-06")])
        #expect(result.order == [.week(start: day("2026-11-29"), offset: 0), .week(start: day("2026-12-06"), offset: 1)])
    }

    @Test func itemsWithoutADateComeLastInTheirOwnGroup() throws {
        let store = FakeTodoRecords([TodoRecord(id: 1, name: "Someday", due: nil), TodoRecord(id: 2, name: "Taxes", due: day("2027-03-01"))])
        let interactor = TodoAllInteractor(store: store, clock: try FixedClock(iso8601: "2026-12-01T09:00:00Z"), logger: MemoryLogger())
        let output = SpyOutput()
        interactor.output = output
        interactor.doFindAllItems()
        #expect(output.groups.last == [
            TodoGroup(period: .month(year: 2027, month: 3), items: [ListedItem(id: 2, title: "Taxes", due: day("2027-03-01"), weekday: 1)]),
            TodoGroup(period: .noDate, items: [ListedItem(id: 1, title: "Someday", due: nil, weekday: 0)]),
        ])
    }
}
