import ConformanceKit
import Contracts
import Testing

/// The kit's real-SQLite ``DatabaseOpening`` double.
@Suite struct TemporaryDatabasesTests {
    private struct Refusal: Error {}

    private func makeNotes(_ databases: TemporaryDatabases) throws -> any Database {
        let db = try databases.open("notes")
        try db.execute("CREATE TABLE IF NOT EXISTS notes(id INTEGER PRIMARY KEY, title TEXT NOT NULL UNIQUE)")
        return db
    }

    private func titles(_ db: any Database) throws -> [String] {
        try db.query("SELECT title FROM notes ORDER BY id").compactMap { $0.text("title") }
    }

    @Test func dataWrittenUnderANameIsThereWhenTheNameIsOpenedAgain() throws {
        let databases = try TemporaryDatabases()
        try makeNotes(databases).execute("INSERT INTO notes(title) VALUES (?)", [.text("Milk")])
        databases.closeAll()
        #expect(try titles(databases.open("notes")) == ["Milk"])
        let sameFolder = TemporaryDatabases(folder: databases.folder)
        #expect(try titles(sameFolder.open("notes")) == ["Milk"])
        #expect(try databases.open("notes").path == databases.folder.path + "/notes.sqlite")
    }

    @Test func itIsRealSQLiteInWALMode() throws {
        let db = try TemporaryDatabases().open("notes")
        #expect(try db.query("PRAGMA journal_mode").first?.text("journal_mode") == "wal")
        #expect(try db.query("SELECT sqlite_version() AS v").first?.text("v")?.isEmpty == false)
    }

    @Test func aTransactionThatThrowsLeavesNothingBehind() throws {
        let db = try makeNotes(TemporaryDatabases())
        #expect(throws: Refusal.self) {
            try db.transaction {
                try db.execute("INSERT INTO notes(title) VALUES (?)", [.text("Milk")])
                throw Refusal()
            }
        }
        #expect(try titles(db) == [])
        try db.transaction { try db.execute("INSERT INTO notes(title) VALUES (?)", [.text("Eggs")]) }
        #expect(try titles(db) == ["Eggs"])
    }

    @Test func aNestedTransactionIsASavepointRolledBackAlone() throws {
        let db = try makeNotes(TemporaryDatabases())
        try db.transaction {
            try db.execute("INSERT INTO notes(title) VALUES (?)", [.text("outer")])
            _ = try? db.transaction {
                try db.execute("INSERT INTO notes(title) VALUES (?)", [.text("inner")])
                throw Refusal()
            }
            try db.transaction { try db.execute("INSERT INTO notes(title) VALUES (?)", [.text("kept")]) }
        }
        #expect(try titles(db) == ["outer", "kept"])
        #expect(throws: Refusal.self) {
            try db.transaction {
                try db.transaction { try db.execute("INSERT INTO notes(title) VALUES (?)", [.text("lost")]) }
                throw Refusal()
            }
        }
        #expect(try titles(db) == ["outer", "kept"])
    }

    @Test func aConstraintViolationIsADatabaseErrorNamingTheFile() throws {
        let db = try makeNotes(TemporaryDatabases())
        try db.execute("INSERT INTO notes(title) VALUES (?)", [.text("Milk")])
        let error = #expect(throws: DatabaseError.self) {
            try db.execute("INSERT INTO notes(title) VALUES (?)", [.text("Milk")])
        }
        #expect(error?.path == db.path)
        #expect(error?.code == 19)  // SQLITE_CONSTRAINT
        #expect(error?.message.contains("UNIQUE constraint failed: notes.title") == true, "\(String(describing: error))")
    }

    @Test func aBadNameOrAClosedConnectionIsADatabaseErrorThatSaysWhy() throws {
        let databases = try TemporaryDatabases()
        let badName = #expect(throws: DatabaseError.self) { try databases.open("../notes") }
        #expect(badName?.message == "database name '../notes' must be letters, digits, '-' or '_'")
        let db = try databases.open("notes")
        databases.closeAll()
        let closed = #expect(throws: DatabaseError.self) { try db.execute("SELECT 1") }
        #expect(closed?.message.hasPrefix("database is closed") == true)
    }

    @Test func theStandardTableOpensDatabasesInItsDataFolder() throws {
        let services = try ServiceTable.standard()
        let db = try services.resolve(DatabaseOpening.self).open("todo")
        #expect(db.path == (try services.resolve(DataFolder.self)).path + "/todo.sqlite")
    }
}
