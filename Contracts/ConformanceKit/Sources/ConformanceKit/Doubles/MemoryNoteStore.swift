import Contracts

/// A ``NoteStore`` kept in memory, for the tests of modules that edit or list notes
/// (the kit's NoteEditing suite needs one): register it in a ``ServiceTable``.
///
///     let services = ServiceTable.standard()
///     services.register(NoteStore.self, instance: MemoryNoteStore())
public final class MemoryNoteStore: NoteStore {
    private var stored: [Note] = []
    private var nextID: Int64 = 1

    /// Makes an empty store.
    public init() {}

    /// Every note, newest first.
    public func notes() throws -> [Note] { stored.reversed() }
    /// The note with `id`, if stored.
    public func note(id: Int64) throws -> Note? { stored.first { $0.id == id } }

    /// Stores a new note and returns it with its id.
    public func add(_ draft: NoteDraft) throws -> Note {
        let note = Note(id: nextID, title: draft.title, body: draft.body, modified: 0)
        nextID += 1
        stored.append(note)
        return note
    }

    /// Replaces the note with `id`; throws, changing nothing, when there is none (as the
    /// ``NoteStore`` contract asks, so an author may register this double as a plugin's own store).
    public func update(id: Int64, with draft: NoteDraft) throws -> Note {
        guard stored.contains(where: { $0.id == id }) else {
            throw CommandError("there is no note \(id) to update; it may have been deleted")
        }
        let note = Note(id: id, title: draft.title, body: draft.body, modified: 0)
        stored = stored.filter { $0.id != id } + [note]
        return note
    }

    /// Removes the note with `id`.
    public func delete(id: Int64) throws {
        stored.removeAll { $0.id == id }
    }
}
