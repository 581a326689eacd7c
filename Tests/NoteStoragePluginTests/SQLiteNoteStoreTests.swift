import ConformanceKit
import Contracts
import Foundation
import Testing
@testable import NoteStoragePlugin
@testable import ViperRuntime

/// The note store against the host's real SQLite service, in a temporary data folder.
@Suite struct SQLiteNoteStoreTests {
    @Test func notesSurviveANewConnection() throws {
        let folder = try TemporaryDataFolder()
        let clock = FixedClock()
        let first = SQLiteNoteStore(databases: SQLiteDatabaseOpening(folder: folder.path), clock: clock)
        let groceries = try first.add(NoteDraft(title: "Groceries", body: "milk\neggs"))
        clock.secondsSince1970 += 60
        _ = try first.add(NoteDraft(title: "Ideas", body: ""))

        let second = SQLiteNoteStore(databases: SQLiteDatabaseOpening(folder: folder.path), clock: FixedClock())
        #expect(try second.notes().map(\.title) == ["Ideas", "Groceries"])
        #expect(try second.note(id: groceries.id) == groceries)
    }

    @Test func updatingMovesANoteToTheTop() throws {
        let clock = FixedClock()
        let folder = try TemporaryDataFolder()
        let store = SQLiteNoteStore(databases: SQLiteDatabaseOpening(folder: folder.path), clock: clock)
        let groceries = try store.add(NoteDraft(title: "Groceries", body: "milk"))
        clock.secondsSince1970 += 60
        _ = try store.add(NoteDraft(title: "Ideas", body: ""))
        clock.secondsSince1970 += 60
        let updated = try store.update(id: groceries.id, with: NoteDraft(title: "Shopping", body: "bread"))
        #expect(updated == Note(id: groceries.id, title: "Shopping", body: "bread", modified: clock.secondsSince1970))
        #expect(try store.notes().map(\.title) == ["Shopping", "Ideas"])
    }

    @Test func updatingANoteThatIsGoneSaysSo() throws {
        let folder = try TemporaryDataFolder()
        let store = SQLiteNoteStore(databases: SQLiteDatabaseOpening(folder: folder.path), clock: FixedClock())
        #expect(throws: NoteStoreError(path: folder.path + "/notes.sqlite", message: "there is no note 7 to update; it may have been deleted")) {
            try store.update(id: 7, with: NoteDraft(title: "x", body: ""))
        }
    }

    @Test func deletesANote() throws {
        let folder = try TemporaryDataFolder()
        let store = SQLiteNoteStore(databases: SQLiteDatabaseOpening(folder: folder.path), clock: FixedClock())
        let note = try store.add(NoteDraft(title: "Groceries", body: ""))
        try store.delete(id: note.id)
        try store.delete(id: note.id)
        #expect(try store.notes().isEmpty)
        #expect(try store.note(id: note.id) == nil)
    }

    @Test func aFileThatIsNotADatabaseIsNamedAndLeftAlone() throws {
        let folder = try TemporaryDataFolder()
        let path = folder.path + "/notes.sqlite"
        let junk = Data("these are not the notes you are looking for\n".utf8) + Data(repeating: 0x2A, count: 4096)
        try junk.write(to: URL(fileURLWithPath: path))
        let store = SQLiteNoteStore(databases: SQLiteDatabaseOpening(folder: folder.path), clock: FixedClock())
        for attempt in [{ _ = try store.notes() }, { _ = try store.add(NoteDraft(title: "x", body: "")) }] {
            do {
                try attempt()
                Issue.record("a file that is not a database was used")
            } catch {
                #expect("\(error)".hasPrefix(path + ": not a valid SQLite database"))
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == junk)
    }

    @Test func aDatabaseFromANewerPluginIsRefused() throws {
        let folder = try TemporaryDataFolder()
        let databases = SQLiteDatabaseOpening(folder: folder.path)
        try databases.open("notes").execute("PRAGMA user_version = 9")
        let store = SQLiteNoteStore(databases: databases, clock: FixedClock())
        #expect(throws: NoteStoreError(path: folder.path + "/notes.sqlite",
                                       message: "written by a newer note-storage (schema 9, this one reads 3); update the plugin")) {
            try store.notes()
        }
    }
}

extension NoteStoreError: Equatable {
    public static func == (lhs: NoteStoreError, rhs: NoteStoreError) -> Bool {
        lhs.path == rhs.path && lhs.message == rhs.message
    }
}
