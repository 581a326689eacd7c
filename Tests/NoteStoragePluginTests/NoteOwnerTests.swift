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

    @Test func eachAccountSeesOnlyItsOwnNotesNumberedFromOne() throws {
        let folder = try TemporaryDataFolder()
        let owner = Owner()
        let store = makeStore(folder, owner: owner)
        owner.name = "ada"
        let adas = try store.add(NoteDraft(title: "Ada's", body: "secret"))
        owner.name = "bob"
        let bobs = try store.add(NoteDraft(title: "Bob's", body: ""))
        #expect(adas.id == 1 && bobs.id == 1, "each account's first note is 1")
        #expect(try store.notes().map(\.title) == ["Bob's"])
        #expect(try store.note(id: 1)?.title == "Bob's")
        _ = try store.update(id: 1, with: NoteDraft(title: "mine", body: ""))
        try store.delete(id: 1)
        #expect(throws: NoteStoreError.self) { try store.update(id: 2, with: NoteDraft(title: "nobody's", body: "")) }
        owner.name = "ada"
        #expect(try store.notes() == [adas], "bob could neither change nor delete ada's note")
        #expect(try store.add(NoteDraft(title: "Second", body: "")).id == 2)
    }

    @Test func aNumberIsNeverGivenTwiceInAnAccountEvenAfterTheTrashIsEmptied() throws {
        let folder = try TemporaryDataFolder()
        let owner = Owner()
        owner.name = "ada"
        let store = makeStore(folder, owner: owner)
        _ = try store.add(NoteDraft(title: "One", body: ""))
        let two = try store.add(NoteDraft(title: "Two", body: ""))
        try store.delete(id: two.id)
        #expect(try store.emptyTrash() == 1)
        #expect(try store.add(NoteDraft(title: "Three", body: "")).id == 3)
        let reopened = makeStore(folder, owner: owner)
        #expect(try reopened.add(NoteDraft(title: "Four", body: "")).id == 4, "the last number given is kept in the file")
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
        #expect(try old.query("PRAGMA user_version").first?.integer("user_version") == 3)
    }
}
