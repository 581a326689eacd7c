/// A ``NoteStore`` that stores a note with the modified time it is given instead of now:
/// the Notes plugin's `import DIR` keeps each Markdown file's modified time as the note's.
/// A store that does not adopt it still imports, with the time of the import.
///
///     if let store = store as? any NoteStoreKeepingTimes {
///         _ = try store.add(draft, modified: file.modified)
///     }
///
/// Added in Contracts 1.6.
public protocol NoteStoreKeepingTimes: NoteStore {
    /// Stores a new note modified at `modified` (seconds since 1970-01-01 00:00 UTC) and
    /// returns it as stored, as ``NoteStore/add(_:)`` does otherwise.
    func add(_ draft: NoteDraft, modified: Double) throws -> Note
}
