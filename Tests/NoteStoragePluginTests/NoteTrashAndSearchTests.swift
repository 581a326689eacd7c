import ConformanceKit
import Contracts
import Testing
@testable import NoteStoragePlugin
@testable import ViperRuntime

/// The store's trash (a deleted note keeps its id until it is restored or the trash is emptied),
/// its FTS5 search (every word, ranked), and the move of a schema 2 file to schema 3.
@Suite struct NoteTrashAndSearchTests {
    private func makeStore(_ folder: TemporaryDataFolder, clock: FixedClock = FixedClock(), owner: String = "ada") -> SQLiteNoteStore {
        SQLiteNoteStore(databases: SQLiteDatabaseOpening(folder: folder.path), clock: clock, owner: { owner })
    }

    @Test func aDeletedNoteWaitsInTheTrashWithItsIdAcrossConnections() throws {
        let folder = try TemporaryDataFolder()
        let clock = FixedClock()
        let store = makeStore(folder, clock: clock)
        let groceries = try store.add(NoteDraft(title: "Groceries", body: "milk"))
        let plans = try store.add(NoteDraft(title: "Plans", body: ""))
        try store.delete(id: groceries.id)
        clock.secondsSince1970 += 60
        try store.delete(id: plans.id)
        try store.delete(id: plans.id)  // already in the trash: nothing happens
        #expect(try store.notes().isEmpty)
        #expect(try store.note(id: groceries.id) == nil)
        let reopened = makeStore(folder)
        #expect(try reopened.trashedNotes().map(\.note) == [plans, groceries], "deleted last first")
        #expect(try reopened.trashedNotes().map(\.deleted) == [1_767_603_660, 1_767_603_600])
        #expect(try reopened.restore(id: groceries.id) == groceries)
        #expect(try reopened.notes() == [groceries])
        #expect(throws: NoteStoreError.self) { try reopened.restore(id: groceries.id) }
        #expect(try reopened.emptyTrash() == 1)
        #expect(try reopened.trashedNotes().isEmpty)
        #expect(try makeStore(folder, owner: "bob").trashedNotes().isEmpty)
    }

    @Test func anotherAccountCannotRestoreOrEmptyYourTrash() throws {
        let folder = try TemporaryDataFolder()
        let adas = makeStore(folder)
        let note = try adas.add(NoteDraft(title: "Secret", body: ""))
        try adas.delete(id: note.id)
        let bobs = makeStore(folder, owner: "bob")
        #expect(throws: NoteStoreError.self) { try bobs.restore(id: note.id) }
        #expect(try bobs.emptyTrash() == 0)
        #expect(try adas.trashedNotes().count == 1)
    }

    @Test func searchMatchesEveryWordAsAWordOrItsStartRankedTitleFirst() throws {
        let folder = try TemporaryDataFolder()
        let store = makeStore(folder)
        let running = try store.add(NoteDraft(title: "Running", body: "I run early on Sundays"))
        let birds = try store.add(NoteDraft(title: "Early birds", body: "up before six; a short run"))
        _ = try store.add(NoteDraft(title: "Groceries", body: "milk"))
        #expect(try store.notes(matching: ["run", "early"]).map(\.id).sorted() == [running.id, birds.id])
        #expect(try store.notes(matching: ["EARLY"]).first == birds, "a title match ranks first")
        #expect(try store.notes(matching: ["run", "milk"]).isEmpty)
        #expect(try store.notes(matching: ["sund"]) == [running])
        #expect(try store.notes(matching: ["\"", "AND", "NEAR(", "-x"]).isEmpty, "words are never FTS5 syntax")
        #expect(try store.notes(matching: []).isEmpty)
        try store.delete(id: running.id)
        #expect(try store.notes(matching: ["sundays"]).isEmpty, "the trash is not searched")
        _ = try store.update(id: birds.id, with: NoteDraft(title: "Larks", body: "café"))
        #expect(try store.notes(matching: ["cafe"]).map(\.title) == ["Larks"], "the index follows updates, accents folded")
        #expect(try makeStore(folder, owner: "bob").notes(matching: ["larks"]).isEmpty)
    }

    @Test func aSchema2FileMovesToSchema3KeepingIdsAndIndexingItsNotes() throws {
        let folder = try TemporaryDataFolder()
        let databases = SQLiteDatabaseOpening(folder: folder.path)
        let old = try databases.open("notes")
        try old.execute("CREATE TABLE notes(id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL, body TEXT NOT NULL, modified REAL NOT NULL, owner TEXT NOT NULL DEFAULT '')")
        try old.execute("INSERT INTO notes(title, body, modified, owner) VALUES ('Groceries', 'milk', 60, 'ada'), ('Bobs', 'x', 61, 'bob'), ('Plans', 'run early', 62, 'ada')")
        try old.execute("PRAGMA user_version = 2")
        let store = makeStore(folder)
        #expect(try store.notes().map(\.id) == [3, 1], "ada's notes keep their ids")
        #expect(try store.notes(matching: ["early"]).map(\.title) == ["Plans"])
        #expect(try store.add(NoteDraft(title: "New", body: "")).id == 4)
        #expect(try makeStore(folder, owner: "bob").add(NoteDraft(title: "Bob's next", body: "")).id == 3)
        #expect(try old.query("PRAGMA user_version").first?.integer("user_version") == 3)
    }
}
