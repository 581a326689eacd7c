import ConformanceKit
import Contracts
import Testing
import ViperTestSupport
@testable import TodoPlugin

/// The upcoming-items policy of the objc.io to-do app: everything overdue and due
/// through the end of next week, sorted into overdue, today, tomorrow, later this
/// week and next week. Weeks run Monday to Sunday unless the locale says otherwise.
@Suite struct TodoListInteractorTests {
    private func upcoming(on now: String, timeZone: String = "UTC", firstWeekday: Int = WeekStart.iso, items: [TodoItem])
        throws -> (groups: [String: NearTermDateRelation], store: StubTodoStore, output: SpyTodoListOutput) {
        let store = StubTodoStore(items)
        let interactor = TodoListInteractor(store: store, clock: try FixedClock(iso8601: now, timeZoneIdentifier: timeZone),
                                            logger: MemoryLogger(), firstWeekday: firstWeekday)
        let output = SpyTodoListOutput()
        interactor.output = output
        interactor.doFindUpcomingItems()
        var groups: [String: NearTermDateRelation] = [:]
        for item in output.upcoming.last ?? [] {
            groups[item.title] = item.relation
        }
        return (groups, store, output)
    }

    private func items(_ pairs: [(String, String)]) -> [TodoItem] {
        pairs.enumerated().map { TodoItem(id: Int64($0.offset + 1), name: $0.element.0, due: day($0.element.1)) }
    }

    @Test func listsEverythingOverdueThroughTheEndOfNextWeekAndNothingAfter() throws {
        // 2026-12-01 is a Tuesday; next week ends on Sunday 2026-12-13.
        let result = try upcoming(on: "2026-12-01T09:00:00Z", items: items([("last", "2026-12-13"), ("after", "2026-12-14")]))
        #expect(result.store.requestedRanges.count == 1)
        #expect(result.groups == ["last": .nextWeek])
    }

    @Test func sortsItemsIntoTheFiveGroupsOnATuesday() throws {
        let result = try upcoming(on: "2026-12-01T09:00:00Z", items: items([
            ("today", "2026-12-01"), ("tomorrow", "2026-12-02"), ("thursday", "2026-12-03"),
            ("sunday", "2026-12-06"), ("monday after", "2026-12-07"), ("sunday after", "2026-12-13"),
            ("too late", "2026-12-14"), ("yesterday", "2026-11-30"),
        ]))
        #expect(result.groups == [
            "today": .today, "tomorrow": .tomorrow, "thursday": .laterThisWeek, "sunday": .laterThisWeek,
            "monday after": .nextWeek, "sunday after": .nextWeek, "yesterday": .overdue,
        ])
    }

    @Test func anItemLongOverdueIsListedAsOverdue() throws {
        let result = try upcoming(on: "2026-12-01T09:00:00Z", items: items([("last year", "2025-06-30"), ("today", "2026-12-01")]))
        #expect(result.groups == ["last year": .overdue, "today": .today])
        #expect(result.output.upcoming.last?.first?.weekday == 1, "2025-06-30 is a Monday")
    }

    @Test func withASundayFirstLocaleTheWeekEndsOnSaturday() throws {
        // Tuesday 2026-12-01 with US weeks: this week ends Saturday 12-05, next week Sunday 12-06 to Saturday 12-12.
        let result = try upcoming(on: "2026-12-01T09:00:00Z", firstWeekday: 1, items: items([
            ("saturday", "2026-12-05"), ("sunday", "2026-12-06"), ("next saturday", "2026-12-12"), ("next sunday", "2026-12-13"),
        ]))
        #expect(result.groups == ["saturday": .laterThisWeek, "sunday": .nextWeek, "next saturday": .nextWeek])
    }

    @Test func onASundayTomorrowIsMondayAndNothingIsLaterThisWeek() throws {
        let result = try upcoming(on: "2026-12-06T09:00:00Z", items: items([
            ("sunday", "2026-12-06"), ("monday", "2026-12-07"), ("tuesday", "2026-12-08"),
            ("sunday after", "2026-12-13"), ("monday after next", "2026-12-14"), ("sunday after next", "2026-12-20"),
        ]))
        #expect(result.groups == [
            "sunday": .today, "monday": .tomorrow, "tuesday": .nextWeek, "sunday after": .nextWeek,
        ])
    }

    @Test func onAMondayTheWholeWeekIsThisWeek() throws {
        let result = try upcoming(on: "2026-12-07T09:00:00Z", items: items([
            ("wednesday", "2026-12-09"), ("sunday", "2026-12-13"), ("next monday", "2026-12-14"), ("next sunday", "2026-12-20"),
        ]))
        #expect(result.groups == [
            "wednesday": .laterThisWeek, "sunday": .laterThisWeek, "next monday": .nextWeek, "next sunday": .nextWeek,
        ])
    }

    @Test func onASaturdayTomorrowIsSundayOfThisWeek() throws {
        let result = try upcoming(on: "2026-12-05T09:00:00Z", items: items([
            ("sunday", "2026-12-06"), ("monday", "2026-12-07"),
        ]))
        #expect(result.groups == ["sunday": .tomorrow, "monday": .nextWeek])
    }

    @Test func groupsAcrossTheEndOfAMonth() throws {
        // Monday 2026-11-30: tomorrow is in December, and so is all of next week.
        let result = try upcoming(on: "2026-11-30T09:00:00Z", items: items([
            ("tomorrow", "2026-12-01"), ("sunday", "2026-12-06"), ("next week", "2026-12-10"),
        ]))
        #expect(result.groups == ["tomorrow": .tomorrow, "sunday": .laterThisWeek, "next week": .nextWeek])
    }

    @Test func groupsAcrossTheEndOfAYear() throws {
        // Thursday 2026-12-31: tomorrow is New Year's Day, the week ends Sunday 2027-01-03.
        let result = try upcoming(on: "2026-12-31T09:00:00Z", items: items([
            ("new year", "2027-01-01"), ("saturday", "2027-01-02"), ("sunday", "2027-01-03"),
            ("monday", "2027-01-04"), ("last", "2027-01-10"), ("beyond", "2027-01-11"),
        ]))
        #expect(result.groups == [
            "new year": .tomorrow, "saturday": .laterThisWeek, "sunday": .laterThisWeek,
            "monday": .nextWeek, "last": .nextWeek,
        ])
    }

    @Test func todayFollowsTheClocksTimeZone() throws {
        // 23:30 UTC on Tuesday is already Wednesday in Berlin.
        let result = try upcoming(on: "2026-12-01T23:30:00Z", timeZone: "Europe/Berlin", items: items([
            ("tuesday", "2026-12-01"), ("wednesday", "2026-12-02"), ("thursday", "2026-12-03"),
        ]))
        #expect(result.groups == ["tuesday": .overdue, "wednesday": .today, "thursday": .tomorrow])
    }

    @Test func givesThePresenterWeekdayNamesNotStoredItems() throws {
        let result = try upcoming(on: "2026-12-01T09:00:00Z", items: items([("call", "2026-12-03")]))
        #expect(result.output.upcoming.last == [
            UpcomingItem(id: 1, title: "call", dueDate: day("2026-12-03"), weekday: 4, relation: .laterThisWeek),
        ])
    }

    @Test func reportsAStoreFailureWithItsMessage() throws {
        let store = StubTodoStore()
        store.failure = StubError(description: "/data/todo.sqlite: not a valid SQLite database")
        let interactor = TodoListInteractor(store: store, clock: try FixedClock(iso8601: "2026-12-01T09:00:00Z"), logger: MemoryLogger())
        let output = SpyTodoListOutput()
        interactor.output = output
        interactor.doFindUpcomingItems()
        #expect(output.upcoming.isEmpty)
        #expect(output.failures == ["cannot read to-do items: /data/todo.sqlite: not a valid SQLite database"])
    }

    @Test func completingAnItemRemovesItAndReloads() throws {
        let store = StubTodoStore(items([("a", "2026-12-01"), ("b", "2026-12-02")]))
        let interactor = TodoListInteractor(store: store, clock: try FixedClock(iso8601: "2026-12-01T09:00:00Z"), logger: MemoryLogger())
        let output = SpyTodoListOutput()
        interactor.output = output
        interactor.doFindUpcomingItems()
        try interactor.doCompleteItem(id: 1)
        #expect(store.removed == [1], "a store of another plugin keeps no finished items")
        #expect(output.upcoming.last?.map(\.title) == ["b"])
    }

    @Test func withThePluginsStoreADoneItemIsKeptWithWhenItWasDone() throws {
        let store = FakeTodoRecords([TodoRecord(id: 1, name: "a", due: day("2026-12-01")), TodoRecord(id: 2, name: "b", due: nil)])
        let clock = try FixedClock(iso8601: "2026-12-01T09:00:00Z")
        let interactor = TodoListInteractor(store: store, clock: clock, logger: MemoryLogger())
        let output = SpyTodoListOutput()
        interactor.output = output
        try interactor.doCompleteItem(id: 1)
        #expect(try store.doneRecords() == [TodoRecord(id: 1, name: "a", due: day("2026-12-01"), doneAt: clock.secondsSince1970)])
        #expect(output.upcoming.last == [UpcomingItem(id: 2, title: "b", dueDate: nil, weekday: 0, relation: .noDate)])
        #expect { try interactor.doCompleteItem(id: 1) } throws: {
            "\($0)" == "item 1 is already done; 'reopen 1' puts it back on the list (nothing was changed)"
        }
    }

    @Test func anIdThatIsNotStoredIsRefusedWithWhereToFindIds() throws {
        let interactor = TodoListInteractor(store: FakeTodoRecords(), clock: try FixedClock(iso8601: "2026-12-01T09:00:00Z"), logger: MemoryLogger())
        #expect { try interactor.doDeleteItem(id: 7) } throws: {
            "\($0)" == "there is no to-do item 7; the number before each item is its id ('open todo/all' lists every item)"
        }
    }

    @Test func findAndTagKeepTheMatchingItems() throws {
        let store = FakeTodoRecords([TodoRecord(id: 1, name: "Buy milk +shop", due: day("2026-12-01")),
                                     TodoRecord(id: 2, name: "Water plants +home", due: nil),
                                     TodoRecord(id: 3, name: "Milk the cow", due: day("2026-12-02"))])
        let interactor = TodoListInteractor(store: store, clock: try FixedClock(iso8601: "2026-12-01T09:00:00Z"), logger: MemoryLogger())
        let output = SpyTodoListOutput()
        interactor.output = output
        interactor.doFilter(.text("MILK"))
        #expect(output.upcoming.last?.map(\.id) == [1, 3])
        interactor.doFilter(.tag("home"))
        #expect(output.upcoming.last?.map(\.id) == [2])
        #expect(output.filters.last == .tag("home"))
    }

    @Test func withinASectionHigherPriorityComesFirstAndLaterItemsAreCounted() throws {
        let store = FakeTodoRecords([
            TodoRecord(id: 1, name: "low", due: day("2026-12-01"), priority: .low),
            TodoRecord(id: 2, name: "none", due: day("2026-12-01")),
            TodoRecord(id: 3, name: "high late", due: day("2026-12-01"), time: 18 * 60, priority: .high),
            TodoRecord(id: 4, name: "high early", due: day("2026-12-01"), time: 8 * 60, priority: .high),
            TodoRecord(id: 5, name: "far +family", due: day("2027-03-01")),
            TodoRecord(id: 6, name: "far", due: day("2027-03-02")),
        ])
        let interactor = TodoListInteractor(store: store, clock: try FixedClock(iso8601: "2026-12-01T09:00:00Z"), logger: MemoryLogger())
        let output = SpyTodoListOutput()
        interactor.output = output
        interactor.doFindUpcomingItems()
        #expect(output.upcoming.last?.map(\.id) == [4, 3, 1, 2])
        #expect(output.later.last == 2)
        interactor.doFilter(.tag("family"))
        #expect(output.upcoming.last?.map(\.id) == [])
        #expect(output.later.last == 1)
    }
}
