import ConformanceKit
import Contracts
import Testing
import ViperTestSupport
@testable import TodoPlugin
@testable import ViperRuntime

/// `done`, `delete` and `reopen` change items; each `undo` takes back one more of them, from
/// any list, under the item's own id, and the step is kept in the store, so a restart keeps it.
@Suite struct TodoUndoTests {
    private struct Parts {
        let store: FakeTodoRecords
        let list: TodoListInteractor
        let listOutput: SpyTodoListOutput
        let all: TodoAllInteractor
    }

    private func makeParts() throws -> Parts {
        let store = FakeTodoRecords([TodoRecord(id: 1, name: "Buy milk", due: day("2026-12-01")),
                                     TodoRecord(id: 2, name: "Taxes", due: day("2027-03-01"))])
        let clock = try FixedClock(iso8601: "2026-12-01T09:00:00Z")
        let list = TodoListInteractor(store: store, clock: clock, logger: MemoryLogger())
        let all = TodoAllInteractor(store: store, clock: clock, logger: MemoryLogger())
        let output = SpyTodoListOutput()
        list.output = output
        return Parts(store: store, list: list, listOutput: output, all: all)
    }

    private func summary(_ id: Int64, _ title: String, _ due: String, weekday: Int, _ nearness: DueDay.Nearness? = nil) -> TodoSummary {
        TodoSummary(id: id, title: title, due: DueDay(day: day(due), weekday: weekday, nearness: nearness))
    }

    @Test func undoPutsBackTheItemLastMarkedDoneUnderItsOwnId() throws {
        let parts = try makeParts()
        try parts.list.doCompleteItem(id: 1)
        #expect(parts.listOutput.upcoming.last?.map(\.title) == [])
        try parts.list.doUndo()
        #expect(parts.listOutput.changes == [
            .done([summary(1, "Buy milk", "2026-12-01", weekday: 2, .today)], next: []),
            .restored([summary(1, "Buy milk", "2026-12-01", weekday: 2, .today)], removed: [], after: .done),
        ])
        #expect(parts.listOutput.upcoming.last?.map(\.id) == [1])
        #expect(try parts.store.doneRecords().isEmpty)
    }

    @Test func eachUndoTakesBackOneMoreStepUntilNoneIsLeft() throws {
        let parts = try makeParts()
        try parts.list.doCompleteItem(id: 1)
        try parts.list.doDeleteItem(id: 2)
        try parts.list.doUndo()
        #expect(try parts.store.record(id: 2) != nil)
        #expect(try parts.store.record(id: 1)?.doneAt != nil)
        try parts.list.doUndo()
        #expect(try parts.store.record(id: 1)?.doneAt == nil)
        try parts.list.doUndo()
        #expect(parts.listOutput.changes.last == .nothingToUndo)
        #expect(parts.store.rows.map(\.id).sorted() == [1, 2])
    }

    @Test func severalIdsAreOneStepAndAMissingIdChangesNothing() throws {
        let parts = try makeParts()
        #expect { try parts.list.doCompleteItems(ids: [1, 7]) } throws: {
            "\($0)".hasPrefix("there is no to-do item 7")
        }
        #expect(try parts.store.doneRecords().isEmpty)
        try parts.list.doCompleteItems(ids: [1, 2])
        #expect(try parts.store.doneRecords().map(\.id).sorted() == [1, 2])
        try parts.list.doUndo()
        #expect(try parts.store.doneRecords().isEmpty)
    }

    @Test func anItemDoneInTheAllItemsViewCanBeUndoneFromTheUpcomingList() throws {
        let parts = try makeParts()
        try parts.all.doCompleteItem(id: 2)
        try parts.list.doUndo()
        #expect(parts.listOutput.changes.last == .restored([summary(2, "Taxes", "2027-03-01", weekday: 1)], removed: [], after: .done))
    }

    @Test func reopenPutsAFinishedItemBackAndUndoMarksItDoneAgain() throws {
        let parts = try makeParts()
        try parts.list.doCompleteItem(id: 1)
        try parts.list.doReopenItem(id: 1)
        #expect(try parts.store.openRecords().map(\.id) == [1, 2])
        try parts.list.doUndo()
        #expect(try parts.store.doneRecords().map(\.id) == [1])
        #expect { try parts.list.doReopenItem(id: 2) } throws: {
            "\($0)" == "item 2 is not done; only finished items can be reopened (nothing was changed)"
        }
    }

    @Test func undoSurvivesARestart() throws {
        let folder = try TemporaryDataFolder()
        let clock = try FixedClock(iso8601: "2026-12-01T09:00:00Z")
        let first = TodoDataManager(store: SQLiteTodoStore(databases: SQLiteDatabaseOpening(folder: folder.path)), clock: clock)
        let milk = try first.add(name: "Buy milk", due: day("2026-12-02"))
        _ = try first.delete(ids: [milk.id])

        let second = TodoDataManager(store: SQLiteTodoStore(databases: SQLiteDatabaseOpening(folder: folder.path)), clock: clock)
        let undone = try second.undo()
        #expect(undone?.restored == [milk])
        #expect(undone?.verb == .deleted)
        #expect(try second.openItems() == [milk])
        let addition = try second.undo()
        #expect(addition?.removed == [milk])
        #expect(try second.openItems() == [])
        #expect(try second.undo() == nil)
    }

    @Test func theNoticeSaysHowToUndoAndWhatCameBack() {
        let milk = summary(1, "Buy milk", "2026-12-01", weekday: 2)
        let eggs = summary(2, "Eggs", "2026-12-01", weekday: 2)
        #expect(TodoChangeNotice.text(for: .done([milk], next: [])) == "Done: Buy milk (id 1). Type 'undo' to take it back, 'finished' for the finished items.")
        #expect(TodoChangeNotice.text(for: .done([milk, eggs], next: [])).hasPrefix("Done: Buy milk (id 1), Eggs (id 2)."))
        #expect(TodoChangeNotice.text(for: .deleted([milk])) == "Deleted: Buy milk (id 1). Type 'undo' to bring it back.")
        #expect(TodoChangeNotice.text(for: .restored([milk], removed: [], after: .deleted)) == "Back on the list (no longer deleted): Buy milk, due 2026-12-01.")
        #expect(TodoChangeNotice.text(for: .reopened([TodoSummary(id: 3, title: "Read", due: nil)])) == "Back on the list: Read (id 3), no due date.")
    }
}
