import ConformanceKit
import Contracts
import Foundation
import Testing
import ViperTestSupport
@testable import TodoPlugin
@testable import ViperRuntime

/// Schema 3 of the plugin's SQLite store: items without a day, finished items kept, times,
/// priorities, repeats and notes, the undo steps, and schema 1 and 2 files brought up to date
/// with every id, the id counter and schema 2's undo step kept.
@Suite struct SQLiteTodoStoreRecordsTests {
    @Test func keepsItemsWithoutADayAndFinishedItemsWhichTheContractDoesNotSee() throws {
        let folder = try TemporaryDataFolder()
        let store = SQLiteTodoStore(databases: SQLiteDatabaseOpening(folder: folder.path))
        let read = try store.insert(name: "Read", due: nil)
        let milk = try store.insert(name: "Milk", due: day("2026-12-02"))
        var rent = try store.insert(name: "Rent", due: day("2026-12-01"))
        rent.doneAt = 1_796_115_600
        try store.save(rent)

        let again = SQLiteTodoStore(databases: SQLiteDatabaseOpening(folder: folder.path))
        #expect(try again.openRecords() == [milk, read])
        #expect(try again.doneRecords() == [rent])
        #expect(try again.items(from: day("2026-01-01"), through: day("2027-01-01")) == [TodoItem(id: milk.id, name: "Milk", due: day("2026-12-02"))])
    }

    @Test func aDeletedItemSavedAgainKeepsItsId() throws {
        let folder = try TemporaryDataFolder()
        let store = SQLiteTodoStore(databases: SQLiteDatabaseOpening(folder: folder.path))
        let milk = try store.insert(name: "Milk", due: nil)
        try store.delete(id: milk.id)
        try store.pushUndoStep(TodoUndoStep(verb: .deleted, records: [milk]))
        let again = SQLiteTodoStore(databases: SQLiteDatabaseOpening(folder: folder.path))
        #expect(try again.popUndoStep() == TodoUndoStep(verb: .deleted, records: [milk]))
        #expect(try again.popUndoStep() == nil)
        try again.save(milk)
        #expect(try again.record(id: milk.id) == milk)
    }

    @Test func aSchemaOneFileIsBroughtUpToDateKeepingIdsAndTheCounter() throws {
        let folder = try TemporaryDataFolder()
        let opening = SQLiteDatabaseOpening(folder: folder.path)
        let old = try opening.open(SQLiteTodoStore.databaseName)
        try old.execute("CREATE TABLE todo_items(id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, due TEXT NOT NULL)")
        try old.execute("INSERT INTO todo_items(name, due) VALUES ('Milk', '2026-12-02'), ('Gone', '2026-12-03'), ('Rent', '2026-12-01')")
        try old.execute("DELETE FROM todo_items WHERE id = 3")
        try old.execute("PRAGMA user_version = 1")

        let store = SQLiteTodoStore(databases: SQLiteDatabaseOpening(folder: folder.path))
        #expect(try store.openRecords() == [TodoRecord(id: 1, name: "Milk", due: day("2026-12-02")),
                                            TodoRecord(id: 2, name: "Gone", due: day("2026-12-03"))])
        #expect(try store.insert(name: "New", due: nil).id == 4, "id 3 was deleted before the upgrade and is not given again")
    }

    @Test func aSchemaTwoFileGainsTheNewFieldsAndKeepsItsUndoStep() throws {
        let folder = try TemporaryDataFolder()
        let opening = SQLiteDatabaseOpening(folder: folder.path)
        let old = try opening.open(SQLiteTodoStore.databaseName)
        try old.execute("CREATE TABLE todo_items(id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, due TEXT, done_at REAL)")
        try old.execute("""
            CREATE TABLE todo_undo(slot INTEGER PRIMARY KEY CHECK (slot = 1),
                verb TEXT NOT NULL, item_id INTEGER NOT NULL, name TEXT NOT NULL, due TEXT, done_at REAL)
            """)
        try old.execute("INSERT INTO todo_items(name, due) VALUES ('Milk', '2026-12-02')")
        try old.execute("INSERT INTO todo_undo VALUES (1, 'deleted', 2, 'Rent', '2026-12-01', NULL)")
        try old.execute("PRAGMA user_version = 2")

        let store = SQLiteTodoStore(databases: SQLiteDatabaseOpening(folder: folder.path))
        #expect(try store.openRecords() == [TodoRecord(id: 1, name: "Milk", due: day("2026-12-02"))])
        #expect(try store.popUndoStep() == TodoUndoStep(verb: .deleted, records: [TodoRecord(id: 2, name: "Rent", due: day("2026-12-01"))]))
        #expect(try old.query("PRAGMA user_version").first?.integer("user_version") == 3)
    }

    @Test func keepsTimePriorityRepeatAndNotesAcrossARestart() throws {
        let folder = try TemporaryDataFolder()
        let store = SQLiteTodoStore(databases: SQLiteDatabaseOpening(folder: folder.path))
        let rule = TodoRecurrence(count: 1, unit: .month, dayOfMonth: 1)
        let rent = try store.insert(TodoRecord(id: 0, name: "Rent", due: day("2026-12-01"), time: 9 * 60, priority: .high,
                                               recurrence: rule, notes: [TodoNote(at: 100, text: "ask for a receipt")]))
        let again = SQLiteTodoStore(databases: SQLiteDatabaseOpening(folder: folder.path))
        #expect(try again.record(id: rent.id) == rent)
        #expect(try again.openRecords() == [rent])
        try again.delete(id: rent.id)
        try again.save(rent)
        #expect(try again.record(id: rent.id)?.notes == [TodoNote(at: 100, text: "ask for a receipt")])
    }

    @Test func undoStepsComeBackLatestFirstAndOnlyTheLastHundredAreKept() throws {
        let folder = try TemporaryDataFolder()
        let store = SQLiteTodoStore(databases: SQLiteDatabaseOpening(folder: folder.path))
        for id in 1...105 {
            try store.pushUndoStep(TodoUndoStep(verb: .added, records: [], added: [Int64(id)]))
        }
        var popped: [Int64] = []
        while let step = try store.popUndoStep() { popped += step.entries.map(\.id) }
        #expect(popped == Array((6...105).reversed()).map { Int64($0) })
    }
}
