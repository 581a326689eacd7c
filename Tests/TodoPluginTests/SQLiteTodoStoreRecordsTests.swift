import ConformanceKit
import Contracts
import Foundation
import Testing
import ViperTestSupport
@testable import TodoPlugin
@testable import ViperRuntime

/// Schema 2 of the plugin's SQLite store: items without a day, finished items kept, the undo
/// step, and a schema 1 file brought up to date with every id and the id counter kept.
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
        try store.setUndoStep(TodoUndoStep(verb: .deleted, record: milk))
        let again = SQLiteTodoStore(databases: SQLiteDatabaseOpening(folder: folder.path))
        #expect(try again.undoStep() == TodoUndoStep(verb: .deleted, record: milk))
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
}
