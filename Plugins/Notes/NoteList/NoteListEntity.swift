/// A note as the list's Interactor hands it to the Presenter: only what the
/// list shows, not the stored ``Note``.
struct NoteSummary: Equatable {
    let id: Int64
    let title: String
    /// The first non-empty line of the body, or "" when the body is empty.
    let firstLine: String
    /// When it was last saved, in seconds since 1970.
    var modified: Double = 0
    /// The `#tags` of its title and body, lower-case, in order of first use.
    var tags: [String] = []
    /// When it was put in the trash; nil for a note in the list.
    var deleted: Double?
}

/// Which notes the list shows; the Interactor keeps it until it is changed.
enum NoteListFilter: Equatable {
    /// Every note of the account.
    case all
    /// Notes holding every one of these words, best match first (`find`).
    case words([String])
    /// Notes tagged `#name` (`tag NAME`).
    case tag(String)
    /// The trash (`trash`).
    case trash
}

/// A change to the notes that the user asked for; it waits here while the user signs in.
enum NoteChange: Equatable {
    /// Write a new note with this title (may be empty).
    case create(title: String)
    /// Edit the stored note with this id.
    case edit(id: Int64)
    /// Delete the stored notes with these ids.
    case delete(ids: [Int64])
    /// Add a note for each Markdown file of this folder.
    case importFolder(path: String)
    /// Bring back the note deleted last.
    case undoDelete
    /// Take note `id` out of the trash.
    case restore(id: Int64)
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
    var id: Int64 = 0
    let title: String
    let body: String
    /// When it was last saved, in seconds since 1970.
    let modified: Double
    var tags: [String] = []
    /// Each `[[Title]]` of the body with the id of the note of that title (nil: none has it).
    var links: [NoteLink] = []
    /// The notes whose body links here (`[[this title]]`).
    var linkedFrom: [NoteLink] = []
}

/// A `[[Title]]` link, and the note it reaches.
struct NoteLink: Equatable {
    let title: String
    let id: Int64?
}

/// What one `import DIR` did: notes added, files skipped as already there, and files that could
/// not be read (the file's name and why).
struct NoteImportReport: Equatable {
    /// The folder read, `~` resolved.
    var folder = ""
    var imported = 0
    var alreadyThere: [String] = []
    var failed: [String] = []
}
