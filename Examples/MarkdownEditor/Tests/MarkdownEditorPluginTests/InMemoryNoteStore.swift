import Contracts

/// A ``NoteStore`` in memory, for the conformance run.
final class InMemoryNoteStore: NoteStore {
    private var stored: [Note] = []
    private var nextID: Int64 = 1

    func notes() throws -> [Note] { stored.reversed() }
    func note(id: Int64) throws -> Note? { stored.first { $0.id == id } }

    func add(_ draft: NoteDraft) throws -> Note {
        let note = Note(id: nextID, title: draft.title, body: draft.body, modified: 0)
        nextID += 1
        stored.append(note)
        return note
    }

    func update(id: Int64, with draft: NoteDraft) throws -> Note {
        let note = Note(id: id, title: draft.title, body: draft.body, modified: 0)
        stored = stored.filter { $0.id != id } + [note]
        return note
    }

    func delete(id: Int64) throws {
        stored.removeAll { $0.id == id }
    }
}
