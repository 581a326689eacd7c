/// A part of the note that differs from what is stored, found by the Interactor.
enum UnsavedNoteChange: Equatable {
    /// The title changed; `was` is the stored title, nil when the note had none or was never saved.
    case title(was: String?)
    /// The body changed; it now has `lines` lines.
    case text(lines: Int)
}

/// A stored note's content as the editor's Interactor hands it to the Presenter.
struct NoteContent: Equatable {
    let id: Int64
    let title: String
    let body: String
}

/// Whether a note may be saved now, the Interactor's answer.
enum NoteOwnership: Equatable {
    /// `name` is signed in and the note is theirs (or nobody's yet).
    case owner(String)
    /// Sign in first: as `name` when the note was being written by that account.
    case signInFirst(as: String?)
}
