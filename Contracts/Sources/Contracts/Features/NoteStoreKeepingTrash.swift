/// A note in the trash: the note as it was, and when it was deleted.
public struct TrashedNote: Hashable, Sendable {
    /// The note as it was when it was deleted; its id is kept, and comes back with it.
    public let note: Note
    /// When it was deleted, in seconds since 1970-01-01 00:00 UTC.
    public let deleted: Double

    /// Makes a trashed note.
    public init(note: Note, deleted: Double) {
        self.note = note
        self.deleted = deleted
    }
}

/// A ``NoteStore`` whose ``NoteStore/delete(id:)`` moves a note to a trash instead of losing
/// it: the Notes plugin's `undo` and `trash` use it, across restarts. A deleted note is gone
/// from ``NoteStore/notes()`` and ``NoteStore/note(id:)`` as the contract says, until it is
/// restored with the same id. A store that does not adopt it deletes for good, and `undo` then
/// lasts only as long as the list that deleted.
///
///     if let trash = store as? any NoteStoreKeepingTrash, let last = try trash.trashedNotes().first {
///         _ = try trash.restore(id: last.note.id)
///     }
///
/// Added in Contracts 1.8.
public protocol NoteStoreKeepingTrash: NoteStore {
    /// The notes in the trash, the most recently deleted first.
    func trashedNotes() throws -> [TrashedNote]
    /// Takes note `id` out of the trash, with its id, title, body and modified time, and returns
    /// it; throws an error naming `id` when the trash has no such note, and then changes nothing.
    func restore(id: Int64) throws -> Note
    /// Deletes every note in the trash for good; returns how many there were.
    func emptyTrash() throws -> Int
}

/// A ``NoteStore`` that finds notes by words, best match first (the Notes plugin's `find`).
/// A store that does not adopt it is searched by the caller, one note at a time.
///
///     let found = try (store as? any NoteSearching)?.notes(matching: ["run", "early"])
///
/// Added in Contracts 1.8.
public protocol NoteSearching: NoteStore {
    /// The notes whose title or body holds every word of `words` (each as a word or the start of
    /// one, in any case), the best match first; no words gives no notes.
    func notes(matching words: [String]) throws -> [Note]
}
