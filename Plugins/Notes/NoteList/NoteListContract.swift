import Contracts

/// The note list opened on one note (route `notes/:id`): the list, which edits that
/// note as soon as it appears, signing the user in first when nobody is, as `edit N`
/// does. The plugin's own contract, so it lives here rather than in Contracts.
protocol NoteOpening: AnyObject {
    /// Edits the stored note `noteID` when the list appears; throws a ``CommandError``
    /// when there is no such note, so the route does not open.
    func open(noteID: Int64) throws
}

/// Presenter → View: what to draw.
protocol NoteListViewing: AnyObject {
    func didUpdate(_ model: NoteListViewModel)
    /// Draw `child` (the account status line) above the list.
    func didEmbed(_ child: any ModuleView)
}

/// View → Presenter: what the user did.
protocol NoteListEventHandling: AnyObject {
    func didAppear()
    func didAskForNewNote(title: String) throws
    func didAskToEdit(item: Int) throws
    func didAskToDelete(item: Int) throws
    /// Shows note `item` in full below the list, without editing it (no sign-in needed).
    func didAskToShow(item: Int) throws
    func didAskToSignOut()
    /// The question `delete N` asks at a terminal, e.g. `Delete 'Groceries'?`.
    func deleteQuestion(item: Int) -> String
    /// `login`: presents the sign-in, then shows the account's notes.
    func didAskToSignIn() throws
    /// Brings back the last note deleted from this list (signs in first, as any change).
    func didAskToUndo() throws
    /// Writes every note to `folder` as Markdown (no sign-in needed: nothing changes).
    func didAskToExport(to folder: String) throws
    /// Adds a note for each Markdown file of `folder` (signs in first, as any change).
    func didAskToImport(from folder: String) throws
    /// `text` empty shows every note again.
    func didAskToFind(_ text: String)
}

/// Presenter → Interactor: the use cases.
protocol NoteListInteracting: AnyObject {
    /// Whether an account is signed in (the store shows only its notes).
    var isSignedIn: Bool { get }
    /// Loads the notes that match the current search (all without one).
    func doLoadNotes()
    /// Keeps only notes whose title or body holds `text` (any case); "" shows all.
    func doFindNotes(matching text: String)
    /// Changing notes needs a signed-in account. Says whether `change` may be made now;
    /// when nobody is signed in, keeps it as the pending change until someone is.
    func doRequest(_ change: NoteChange) -> NoteChangePermission
    /// The change kept by ``doRequest(_:)``, handed back once (after a sign-in); nil when none waits.
    func doTakePendingChange() -> NoteChange?
    /// Forgets the pending change (the sign-in was cancelled or could not be shown).
    func doDropPendingChange()
    func doDeleteNote(id: Int64)
    /// Stores the last note deleted from this list again (as a new note), once; throws a
    /// ``CommandError`` when there is none.
    func doUndoDelete() throws
    /// Writes every note to `folder`, one Markdown file each (``NoteMarkdown``), with its
    /// modified time; never replaces a file. Throws a ``CommandError`` saying what to do.
    func doExportNotes(to folder: String) throws
    /// Adds a note for each `.md` file of `folder`; throws a ``CommandError`` saying what to do.
    func doImportNotes(from folder: String) throws
    /// Reads note `id` in full for ``NoteListInteractorOutput/handleNoteShown(_:)``; throws a
    /// ``CommandError`` when it cannot be read.
    func doShowNote(id: Int64) throws
    /// Checks that note `id` is stored (a route names it); throws a ``CommandError`` that
    /// says there is none and how to find one.
    func doCheckNoteExists(id: Int64) throws
    /// Signs out; answers ``NoteListInteractorOutput/handleSignedOut()`` or
    /// ``NoteListInteractorOutput/handleNobodySignedIn()``.
    func doSignOut()
}

/// Interactor → Presenter: the results.
protocol NoteListInteractorOutput: AnyObject {
    /// `search` is the text searched for, nil when every note is listed.
    func handleNotesLoaded(_ notes: [NoteSummary], search: String?)
    func handleNoteDeleted(title: String)
    func handleNoteRestored(title: String)
    func handleNoteShown(_ note: NoteReading)
    func handleNotesExported(count: Int, folder: String)
    func handleNotesImported(count: Int, folder: String)
    func handleSignedOut()
    /// Sign-out was asked for while nobody was signed in.
    func handleNobodySignedIn()
    func handleFailure(_ message: String)
}

/// Presenter → Router: where the list can go.
protocol NoteListRouting: AnyObject {
    /// Pushes the editor on note `noteID`, or on a new note titled `title` when `noteID` is nil.
    func showEditor(noteID: Int64?, title: String, output: any NoteEditingOutput) throws
    func showLogin(reason: String, output: any LoginOutput) throws
    /// Closes the sign-in that ``showLogin(reason:output:)`` presented if it is still on
    /// screen (it should have closed itself); does nothing when it has gone.
    func closeLogin() throws
    /// Builds the account status line for the Presenter to hand to the view, with its input;
    /// nil when no plugin provides one.
    func embedAccountStatus() -> (view: any ModuleView, status: (any AccountStatus)?)?
}

/// What the view draws: display strings only, never a ``Note``.
struct NoteListViewModel: Equatable {
    /// One line per note: title and first line of the body.
    var rows: [String] = []
    /// Shown instead of rows when there are none.
    var emptyMessage = "No notes yet. Type 'new TITLE' to write one."
    /// A failure to show in place of the list.
    var error: String?
    /// One line about what just happened.
    var notice: String?
    /// e.g. "Notes with 'milk': 2 of 5. Type 'find' to list all."; nil without a search.
    var searchLine: String?
    /// The note `show N` asked for, drawn in full below the list; nil when none is.
    var shown: ShownNote?
    /// Someone is signed in: `login` is not offered.
    var signedIn = false
}

/// A note drawn in full by `show N`: display strings only.
struct ShownNote: Equatable {
    let heading: String
    let modified: String
    let lines: [String]
}
