import ConformanceKit
import Contracts
import Testing
@testable import NoteStoragePlugin
@testable import ViperRuntime

/// Each account's notes apart, and the notes from before accounts kept.
@Suite struct NoteOwnerTests {
    /// Who the store acts for, as the Session would say.
    private final class Owner {
        var name = ""
    }

    private func makeStore(_ folder: TemporaryDataFolder, owner: Owner) -> SQLiteNoteStore {
        SQLiteNoteStore(databases: SQLiteDatabaseOpening(folder: folder.path), clock: FixedClock(), owner: { owner.name })
    }

    @Test func eachAccountSeesOnlyItsOwnNotes() throws {
        let folder = try TemporaryDataFolder()
        let owner = Owner()
        let store = makeStore(folder, owner: owner)
        owner.name = "ada"
        let adas = try store.add(NoteDraft(title: "Ada's", body: "secret"))
        owner.name = "bob"
        _ = try store.add(NoteDraft(title: "Bob's", body: ""))
        #expect(try store.notes().map(\.title) == ["Bob's"])
        #expect(try store.note(id: adas.id) == nil)
        #expect(throws: NoteStoreError.self) { try store.update(id: adas.id, with: NoteDraft(title: "mine now", body: "")) }
        try store.delete(id: adas.id)
        owner.name = "ada"
        #expect(try store.notes() == [adas], "bob could neither change nor delete ada's note")
    }

    @Test func nobodySignedInSeesNoAccountsNotes() throws {
        let folder = try TemporaryDataFolder()
        let owner = Owner()
        let store = makeStore(folder, owner: owner)
        owner.name = "ada"
        _ = try store.add(NoteDraft(title: "Ada's", body: ""))
        owner.name = ""
        #expect(try store.notes().isEmpty)
    }

    @Test func notesFromBeforeAccountsGoToTheFirstAccountThatReadsThem() throws {
        let folder = try TemporaryDataFolder()
        let databases = SQLiteDatabaseOpening(folder: folder.path)
        let old = try databases.open("notes")
        try old.execute("CREATE TABLE notes(id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL, body TEXT NOT NULL, modified REAL NOT NULL)")
        try old.execute("INSERT INTO notes(title, body, modified) VALUES ('Groceries', 'milk', 60)")
        try old.execute("PRAGMA user_version = 1")
        let owner = Owner()
        let store = makeStore(folder, owner: owner)
        #expect(try store.notes().map(\.title) == ["Groceries"], "signed out, the old notes are still there")
        owner.name = "ada"
        #expect(try store.notes() == [Note(id: 1, title: "Groceries", body: "milk", modified: 60)])
        owner.name = "bob"
        #expect(try store.notes().isEmpty, "ada took them")
        owner.name = ""
        #expect(try store.notes().isEmpty)
        #expect(try old.query("PRAGMA user_version").first?.integer("user_version") == 2)
    }
}
