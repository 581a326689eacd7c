import Contracts
import Foundation
import Testing
@testable import ViperRuntime
import ViperTestSupport

/// The database wrapper on a real 200 KiB tmpfs that fills up. A save on
/// the full disk fails and is recorded; once space is freed, later saves work and reach
/// the file. Needs root to mount; without it the test fails saying so.
@Suite(.serialized) struct FullDiskTests {
    static let full: Int32 = 13  // SQLITE_FULL

    @Test func aSaveOnAFullDiskFailsAndLaterSavesWorkOnceSpaceIsFreed() throws {
        let disk = try SmallDisk()
        defer { disk.unmount() }
        let failures = DatabaseFailures()
        let database = try SQLiteDatabase(path: disk.path + "/notes.sqlite", failures: failures)
        try database.execute("CREATE TABLE notes(id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT NOT NULL)", [])
        #expect(disk.fill() > 0)

        do {
            try Self.save("First", database)
            Issue.record("a save on a full disk succeeded")
        } catch let error as DatabaseError {
            #expect(error.code == Self.full, "\(error)")
        }
        #expect(failures.take().first?.code == Self.full)

        disk.free()
        try Self.save("First", database)
        try Self.save("Second", database)
        try database.close()
        #expect(!FileManager.default.fileExists(atPath: database.path + "-wal"), "closing left the WAL behind")

        let again = try SQLiteDatabase(path: database.path)
        #expect(try again.query("SELECT title FROM notes ORDER BY id", []).compactMap { $0.text("title") } == ["First", "Second"])
    }

    @Test func aDatabaseOnAReadOnlyDiskFailsToOpenAndIsRecorded() throws {
        let disk = try SmallDisk()
        defer { disk.unmount() }
        let writer = SQLiteDatabaseOpening(folder: disk.path)
        try writer.open("notes").execute("CREATE TABLE notes(id INTEGER PRIMARY KEY)", [])
        #expect(writer.closeAll().isEmpty)
        #expect(disk.makeReadOnly(), "cannot remount the tmpfs read-only")

        let reader = SQLiteDatabaseOpening(folder: disk.path)
        #expect(throws: DatabaseError.self) { _ = try reader.open("notes") }
        let recorded = reader.failures.take()
        #expect(recorded.count == 1)
        #expect(recorded.first?.path == disk.path + "/notes.sqlite")
    }

    /// What the note store does: one transaction with a big enough body to need new pages.
    static func save(_ title: String, _ database: SQLiteDatabase) throws {
        try database.transaction {
            try database.execute("INSERT INTO notes(title, body) VALUES (?, ?)",
                                 [.text(title), .text(String(repeating: "milk ", count: 2_000))])
        }
    }
}
