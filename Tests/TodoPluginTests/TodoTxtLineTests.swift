import ConformanceKit
import Contracts
import Foundation
import Testing
import ViperTestSupport
@testable import TodoPlugin
@testable import ViperRuntime

/// todo.txt lines as `import` reads and `export` writes them.
@Suite struct TodoTxtLineTests {
    private let calendar = DayCalendar(timeZoneIdentifier: "UTC")

    @Test func writesPriorityDueTimeAndRepeatAsTodoTxtFields() {
        let rent = TodoRecord(id: 3, name: "Pay rent +home", due: day("2026-12-01"), time: 9 * 60, priority: .high,
                              recurrence: TodoRecurrence(count: 1, unit: .month, dayOfMonth: 1))
        #expect(TodoTxtLine.line(rent, doneDay: nil) == "(A) Pay rent +home due:2026-12-01 time:09:00 rec:1m")
        #expect(TodoTxtLine.line(TodoRecord(id: 4, name: "Milk", due: nil), doneDay: day("2026-11-28")) == "x 2026-11-28 Milk")
    }

    @Test func readsWhatItWritesAndWhatOtherTodoTxtToolsWrite() throws {
        let read = try #require(try TodoTxtLine.record("(A) 2026-11-20 Pay rent +home @desk due:2026-12-01 time:09:00 rec:+1m", calendar: calendar))
        #expect(read.name == "Pay rent +home @desk")
        #expect(read.priority == .high)
        #expect(read.due == day("2026-12-01"))
        #expect(read.time == 9 * 60)
        #expect(read.recurrence == TodoRecurrence(count: 1, unit: .month))
        let done = try #require(try TodoTxtLine.record("x 2026-11-28 2026-11-20 Buy milk", calendar: calendar))
        #expect(done.name == "Buy milk")
        #expect(done.doneAt.map { calendar.day(at: $0) } == day("2026-11-28"))
        #expect(try TodoTxtLine.record("(D) Later", calendar: calendar)?.priority == .low)
        #expect(try TodoTxtLine.record("   ", calendar: calendar) == nil)
    }

    @Test func aLineThatCannotBeReadSaysWhichFieldAndHowToWriteIt() {
        #expect { try TodoTxtLine.record("Taxes due:2026-13-40", calendar: calendar) } throws: {
            "\($0)" == "'due:2026-13-40' is not a due date; write due:YYYY-MM-DD"
        }
        #expect { try TodoTxtLine.record("Gym rec:often", calendar: calendar) } throws: { "\($0)".hasPrefix("'rec:often' is not a repeat") }
        #expect { try TodoTxtLine.record("(A) due:2026-12-01", calendar: calendar) } throws: { "\($0)" == "the line has no text for the item's name" }
    }

    @Test func importAddsTheGoodLinesNamesTheBadOnesAndExportRefusesToOverwrite() throws {
        let folder = try TemporaryDataFolder()
        let path = folder.path + "/todo.txt"
        try "(B) Call mum +family due:2026-12-04\nTaxes due:2026-13-40\n\nx 2026-11-28 Buy milk\n".write(toFile: path, atomically: true, encoding: .utf8)
        let store = FakeTodoRecords()
        let clock = try FixedClock(iso8601: "2026-12-01T09:00:00Z")
        let transfer = TodoTransfer(data: TodoDataManager(store: store, clock: clock), clock: clock)
        var reported: [TodoChange] = []
        let skipped = try transfer.importItems(from: path) { reported.append($0) }
        #expect(reported == [.imported(count: 2, file: path, already: 0)])
        #expect(skipped?.message == "\(path): imported 2 items and skipped line 2 ('due:2026-13-40' is not a due date; write due:YYYY-MM-DD); fix those lines and import them again")
        #expect(store.rows.map(\.name) == ["Call mum +family", "Buy milk"])
        // The same file again adds nothing: each line says what an item there says.
        let second = try transfer.importItems(from: path) { _ in }
        #expect(second?.message.hasPrefix("\(path): imported 0 items (2 already there) and skipped line 2") == true)
        #expect(store.rows.count == 2)
        #expect { try transfer.export(to: path) } throws: { "\($0)".hasPrefix("\(path) is already there and is kept") }
        let out = folder.path + "/out.txt"
        #expect(try transfer.export(to: out) == .exported(count: 2, file: out))
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "(B) Call mum +family due:2026-12-04\nx 2026-11-28 Buy milk\n")
    }
}
