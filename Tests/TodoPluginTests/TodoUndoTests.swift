import ConformanceKit
import Contracts
import Testing
import ViperTestSupport
@testable import TodoPlugin

/// `done` and `delete` take an item off the list; `undo` brings back the last one,
/// once, from either list (the history is the plugin's).
@Suite struct TodoUndoTests {
    private struct Parts {
        let store: StubTodoStore
        let list: TodoListInteractor
        let listOutput: SpyTodoListOutput
        let all: TodoAllInteractor
    }

    private func makeParts() throws -> Parts {
        let store = StubTodoStore([TodoItem(id: 1, name: "Buy milk", due: day("2026-12-01")),
                                   TodoItem(id: 2, name: "Taxes", due: day("2027-03-01"))])
        let clock = try FixedClock(iso8601: "2026-12-01T09:00:00Z")
        let history = UndoHistory()
        let list = TodoListInteractor(store: store, clock: clock, logger: MemoryLogger(), history: history)
        let all = TodoAllInteractor(store: store, clock: clock, logger: MemoryLogger(), history: history)
        let output = SpyTodoListOutput()
        list.output = output
        list.doFindUpcomingItems()
        all.doFindAllItems()
        return Parts(store: store, list: list, listOutput: output, all: all)
    }

    @Test func undoBringsBackTheItemLastMarkedDone() throws {
        let parts = try makeParts()
        parts.list.doCompleteItem(id: 1)
        #expect(parts.listOutput.upcoming.last?.map(\.title) == [])
        parts.list.doUndo()
        #expect(parts.listOutput.changes == [
            .done(TodoItem(id: 1, name: "Buy milk", due: day("2026-12-01"))),
            .restored(TodoItem(id: 3, name: "Buy milk", due: day("2026-12-01")), after: .done),
        ])
        #expect(parts.listOutput.upcoming.last?.map(\.title) == ["Buy milk"])
    }

    @Test func undoWorksOnceAndThenSaysThereIsNothingToUndo() throws {
        let parts = try makeParts()
        parts.list.doDeleteItem(id: 1)
        parts.list.doUndo()
        parts.list.doUndo()
        #expect(parts.listOutput.changes.last == .nothingToUndo)
        #expect(parts.store.stored.map(\.name).sorted() == ["Buy milk", "Taxes"])
    }

    @Test func anItemDoneInTheAllItemsViewCanBeUndoneFromTheUpcomingList() throws {
        let parts = try makeParts()
        parts.all.doCompleteItem(id: 2)
        #expect(parts.store.removed == [2])
        parts.list.doUndo()
        #expect(parts.listOutput.changes.last == .restored(TodoItem(id: 2, name: "Taxes", due: day("2027-03-01")), after: .done))
    }

    @Test func theNoticeSaysHowToUndoAndWhatCameBack() {
        let milk = TodoItem(id: 1, name: "Buy milk", due: day("2026-12-01"))
        #expect(TodoChangeNotice.text(for: .done(milk)) == "Done: Buy milk. Type 'undo' to bring it back.")
        #expect(TodoChangeNotice.text(for: .deleted(milk)) == "Deleted: Buy milk. Type 'undo' to bring it back.")
        #expect(TodoChangeNotice.text(for: .restored(milk, after: .deleted)) == "Back on the list (no longer deleted): Buy milk, due 2026-12-01.")
    }
}
