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

/// View → Presenter: what the user did. Notes are named by their id, the number shown before
/// each one, which never changes.
protocol NoteListEventHandling: AnyObject {
    func didAppear()
    func didAskForNewNote(title: String) throws
    func didAskToEdit(id: Int64) throws
    /// `delete 2 5`: every id is checked first, so a wrong one deletes nothing.
    func didAskToDelete(ids: [Int64]) throws
    /// Shows note `id` in full below the list, without editing it; `raw` shows the Markdown as written.
    func didAskToShow(id: Int64, raw: Bool) throws
    /// Shows the note titled `title` (a `[[Title]]` link).
    func didAskToFollow(title: String) throws
    func didAskToSignOut()
    /// The question `delete ID...` asks at a terminal, e.g. `Delete 'Groceries' (note 3)?`; nil
    /// when a note is not there to ask about (the command then says why).
    func deleteQuestion(ids: [Int64]) -> String?
    /// The question `trash empty` asks at a terminal.
    func emptyTrashQuestion() -> String
    /// `login`: presents the sign-in, then shows the account's notes.
    func didAskToSignIn() throws
    /// Brings back the note deleted last (signs in first, as any change).
    func didAskToUndo() throws
    /// Takes note `id` out of the trash.
    func didAskToRestore(id: Int64) throws
    /// Lists the trash.
    func didAskForTrash() throws
    /// Deletes the trash for good.
    func didAskToEmptyTrash() throws
    /// Writes every note to `folder` as Markdown (no sign-in needed: nothing changes).
    func didAskToExport(to folder: String) throws
    /// Adds a note for each Markdown file of `folder` (signs in first, as any change).
    func didAskToImport(from folder: String) throws
    /// `text` empty shows every note again.
    func didAskToFind(_ text: String) throws
    /// `name` empty shows every note again.
    func didAskForTag(_ name: String) throws
    /// `all`: every note the list matches, not only the first hundred.
    func didAskForEveryNote()
    /// Lists every tag with how many notes have it.
    func didAskForTags() throws
}

/// Presenter → Interactor: the use cases.
protocol NoteListInteracting: AnyObject {
    /// Whether an account is signed in (the store shows only its notes).
    var isSignedIn: Bool { get }
    /// Whether deleted notes go to a trash that outlives this list (the store keeps one).
    var keepsTrash: Bool { get }
    /// Loads the notes that the current filter shows.
    func doLoadNotes()
    /// Shows `filter` from now on and loads it.
    func doFilter(_ filter: NoteListFilter)
    /// Shows every note the filter matches, not only the first ``NoteListInteractor/shownAtMost``.
    func doShowEveryNote()
    /// The words of `text`; throws a ``CommandError`` while nobody is signed in (there is nothing to search).
    func doFind(_ text: String) throws
    /// Changing notes needs a signed-in account. Says whether `change` may be made now;
    /// when nobody is signed in, keeps it as the pending change until someone is.
    func doRequest(_ change: NoteChange) -> NoteChangePermission
    /// The change kept by ``doRequest(_:)``, handed back once (after a sign-in); nil when none waits.
    func doTakePendingChange() -> NoteChange?
    /// Forgets the pending change (the sign-in was cancelled or could not be shown).
    func doDropPendingChange()
    /// The title of stored note `id`; throws a ``CommandError`` that says there is none, and
    /// whether it is in the trash.
    func doFindTitle(id: Int64) throws -> String
    /// Moves the notes `ids` to the trash; throws a ``CommandError``, deleting nothing, when one
    /// is not there.
    func doDeleteNotes(ids: [Int64]) throws
    /// Brings back the note deleted last; throws a ``CommandError`` when there is none.
    func doUndoDelete() throws
    /// Takes note `id` out of the trash; throws a ``CommandError`` when it is not there.
    func doRestore(id: Int64) throws
    /// Deletes the trash for good.
    func doEmptyTrash() throws
    /// Writes every note to `folder`, one Markdown file each (``NoteMarkdown``), with its
    /// modified time; never replaces a file. Throws a ``CommandError`` saying what to do.
    func doExportNotes(to folder: String) throws
    /// Adds a note for each `.md` file of `folder` that is not there already; the files that
    /// could not be read are skipped and named. Throws a ``CommandError`` when the folder cannot be read.
    func doImportNotes(from folder: String) throws -> NoteImportReport
    /// Reads note `id` in full, with its links, for ``NoteListInteractorOutput/handleNoteShown(_:raw:)``;
    /// throws a ``CommandError`` when it cannot be read.
    func doShowNote(id: Int64, raw: Bool) throws
    /// The id of the note titled `title` (any case); throws a ``CommandError`` when none is.
    func doFindNote(titled title: String) throws -> Int64
    /// Every tag with its count, most used first.
    func doCountTags() throws -> [(tag: String, count: Int)]
    /// Checks that note `id` is stored (a route names it); throws a ``CommandError`` that
    /// says there is none and how to find one.
    func doCheckNoteExists(id: Int64) throws
    /// Signs out; answers ``NoteListInteractorOutput/handleSignedOut()`` or
    /// ``NoteListInteractorOutput/handleNobodySignedIn()``.
    func doSignOut()
}

/// Interactor → Presenter: the results.
protocol NoteListInteractorOutput: AnyObject {
    /// The notes `filter` shows, of `total` that it matches (more when the list is cut short).
    func handleNotesLoaded(_ notes: [NoteSummary], filter: NoteListFilter, total: Int)
    /// `notes` went to the trash (`kept`: a trash that outlives the list).
    func handleNotesDeleted(_ notes: [NoteLink], kept: Bool)
    func handleNoteRestored(title: String, id: Int64)
    func handleNoteShown(_ note: NoteReading, raw: Bool)
    func handleNotesExported(count: Int, folder: String)
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

/// One line of the list: the note's id and what is shown after it.
struct NoteRow: Equatable {
    let id: Int64
    let text: String
}

/// What the view draws: display strings only, never a ``Note``.
struct NoteListViewModel: Equatable {
    /// One line per note: its id, title, first line of the body, tags and when it was modified.
    var rows: [NoteRow] = []
    /// Shown instead of rows when there are none.
    var emptyMessage = "No notes yet. Type 'new TITLE' to write one."
    /// A failure to show in place of the list.
    var error: String?
    /// One line about what just happened.
    var notice: String?
    /// What the list is limited to, e.g. "2 notes with 'milk'. Type 'find' to list every note."; nil for every note.
    var searchLine: String?
    /// Says the list was cut short, e.g. "Showing 100 of 10,001 notes: ..."; nil when it shows all.
    var moreLine: String?
    /// Lines drawn in place of the list (`tags`); nil for the list.
    var tagLines: [String]?
    /// The note `show N` asked for, drawn in full below the list; nil when none is.
    var shown: ShownNote?
    /// Someone is signed in: `login` is not offered.
    var signedIn = false
    /// The list is drawn as data (`viper --json`): only ``json``, or ``error`` when it is set.
    var asData = false
    /// The one JSON document drawn in place of the rest when ``asData``; nil when there is
    /// nothing to say as data (``error`` says why).
    var json: String?
}

/// A note drawn in full by `show N`: display strings only.
struct ShownNote: Equatable {
    let heading: String
    let fields: [ShownField]
    let lines: [ShownLine]
}

/// A label and value drawn under a shown note's heading.
struct ShownField: Equatable {
    let label: String
    let value: String
}

/// One line of a note drawn for the terminal: a heading (drawn bold) or text.
enum ShownLine: Equatable {
    case heading(String)
    case text(String)
}
