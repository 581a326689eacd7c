/// A note as the list's Interactor hands it to the Presenter: only what the
/// list shows, not the stored ``Note``.
struct NoteSummary: Equatable {
    let id: Int64
    let title: String
    /// The first non-empty line of the body, or "" when the body is empty.
    let firstLine: String
    /// When it was last saved, in seconds since 1970.
    var modified: Double = 0
}

/// A change to the notes that the user asked for; it waits here while the user signs in.
enum NoteChange: Equatable {
    /// Write a new note with this title (may be empty).
    case create(title: String)
    /// Edit the stored note with this id.
    case edit(id: Int64)
    /// Delete the stored note with this id.
    case delete(id: Int64)
    /// Add a note for each Markdown file of this folder.
    case importFolder(path: String)
    /// Store the last deleted note again.
    case undoDelete
    /// Edit item N of the list the sign-in brings: asked for while nobody was signed in,
    /// on a list that did not show it (each account sees only its own notes).
    case editItem(Int)
    /// Delete item N of the list the sign-in brings (see ``editItem(_:)``).
    case deleteItem(Int)
    /// Show the signed-in account's notes (`login`).
    case showNotes
}

/// Whether a ``NoteChange`` may be made now (the Interactor's rule: changing notes needs a signed-in account).
enum NoteChangePermission: Equatable {
    /// Someone is signed in: make the change.
    case granted
    /// Nobody is signed in: the change waits for a sign-in.
    case signInFirst
}

/// A whole note as the list's Interactor hands it over for `show N`: plain values.
struct NoteReading: Equatable {
    let title: String
    let body: String
    /// When it was last saved, in seconds since 1970.
    let modified: Double
}
