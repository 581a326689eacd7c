import Contracts
import ViperTestSupport

/// A ``NoteStore`` in memory, swapped in for the SQLite one, with a trash as the SQLite one
/// keeps; it can be told to fail. Ids are never given twice.
final class FakeNoteStore: NoteStoreKeepingTimes, NoteStoreKeepingTrash {
    private(set) var stored: [Note] = []
    private(set) var trash: [TrashedNote] = []
    private var lastID: Int64 = 0
    var failure: (any Error)?
    /// When set, the notes are shown only while it has a user, as the SQLite store shows
    /// no account's notes to nobody.
    var shownOnlyToUsersOf: (any Session)?
    private var clock = 1_000.0

    init(_ drafts: [NoteDraft] = []) {
        for draft in drafts {
            _ = try? add(draft)
        }
    }

    func notes() throws -> [Note] {
        if let failure { throw failure }
        if let session = shownOnlyToUsersOf, session.currentUser == nil { return [] }
        return stored.sorted { ($0.modified, $0.id) > ($1.modified, $1.id) }
    }

    func note(id: Int64) throws -> Note? {
        if let failure { throw failure }
        return stored.first { $0.id == id }
    }

    func add(_ draft: NoteDraft) throws -> Note {
        if let failure { throw failure }
        clock += 1
        lastID += 1
        let note = Note(id: lastID, title: draft.title, body: draft.body, modified: clock)
        stored.append(note)
        return note
    }

    func add(_ draft: NoteDraft, modified: Double) throws -> Note {
        if let failure { throw failure }
        lastID += 1
        let note = Note(id: lastID, title: draft.title, body: draft.body, modified: modified)
        stored.append(note)
        return note
    }

    func update(id: Int64, with draft: NoteDraft) throws -> Note {
        if let failure { throw failure }
        guard let index = stored.firstIndex(where: { $0.id == id }) else { throw StubError(description: "no note \(id)") }
        clock += 1
        stored[index] = Note(id: id, title: draft.title, body: draft.body, modified: clock)
        return stored[index]
    }

    func delete(id: Int64) throws {
        if let failure { throw failure }
        clock += 1
        trash.insert(contentsOf: stored.filter { $0.id == id }.map { TrashedNote(note: $0, deleted: clock) }, at: 0)
        stored.removeAll { $0.id == id }
    }

    func trashedNotes() throws -> [TrashedNote] {
        if let failure { throw failure }
        return trash
    }

    func restore(id: Int64) throws -> Note {
        if let failure { throw failure }
        guard let index = trash.firstIndex(where: { $0.note.id == id }) else { throw StubError(description: "no note \(id) in the trash") }
        let note = trash.remove(at: index).note
        stored.append(note)
        return note
    }

    func emptyTrash() throws -> Int {
        if let failure { throw failure }
        defer { trash = [] }
        return trash.count
    }
}
