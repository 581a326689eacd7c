import ConformanceKit
import Contracts
import Testing
import ViperTestSupport
@testable import TodoPlugin
@testable import ViperRuntime

/// The data manager's rules beyond one item: a repeating item done makes the next, several ids
/// change together or not at all, priorities and notes, and each change one undo step.
@Suite struct TodoDataManagerTests {
    private func manager(_ rows: [TodoRecord]) throws -> (TodoDataManager, FakeTodoRecords) {
        let store = FakeTodoRecords(rows)
        return (TodoDataManager(store: store, clock: try FixedClock(iso8601: "2026-12-01T09:00:00Z")), store)
    }

    @Test func doneOnARepeatingItemAddsTheNextAndUndoTakesBothBack() throws {
        let rent = TodoRecord(id: 1, name: "Rent", due: day("2026-12-01"), time: 9 * 60, priority: .high,
                              recurrence: TodoRecurrence(count: 1, unit: .month, dayOfMonth: 1))
        let (data, store) = try manager([rent])
        let result = try data.complete(ids: [1])
        #expect(result.next.count == 1)
        let next = try #require(result.next.first)
        #expect(next.due == day("2027-01-01"))
        #expect((next.time, next.priority, next.recurrence) == (rent.time, rent.priority, rent.recurrence))
        #expect(try data.openItems().map(\.id) == [next.id])
        let undone = try #require(try data.undo())
        #expect(undone.restored == [rent])
        #expect(undone.removed.map(\.id) == [next.id])
        #expect(store.rows == [rent])
    }

    @Test func aFinishedItemAmongSeveralChangesNone() throws {
        let (data, store) = try manager([TodoRecord(id: 1, name: "a", due: nil), TodoRecord(id: 2, name: "b", due: nil, doneAt: 5)])
        #expect { try data.complete(ids: [1, 2]) } throws: { "\($0)".hasPrefix("item 2 is already done") }
        #expect(try store.record(id: 1)?.doneAt == nil)
        #expect(store.steps.isEmpty)
    }

    @Test func prioritiesAndNotesAreKeptAndEachIsOneUndoStep() throws {
        let (data, _) = try manager([TodoRecord(id: 1, name: "a", due: nil), TodoRecord(id: 2, name: "b", due: nil)])
        _ = try data.setPriority(.low, ids: [1, 2])
        let noted = try data.annotate(id: 2, text: "called")
        #expect(noted.notes == [TodoNote(at: 1_796_115_600, text: "called")])
        #expect(try data.openItems().map(\.priority) == [.low, .low])
        _ = try data.undo()
        #expect(try data.item(id: 2).notes == [])
        _ = try data.undo()
        #expect(try data.openItems().map(\.priority) == [nil, nil])
    }
}
