/// A stored note. It crosses from the note storage plugin to the Notes plugin,
/// so it is a plain value.
public struct Note: Hashable, Sendable {
    /// The store's id, stable across runs.
    public let id: Int64
    /// One line.
    public let title: String
    /// Free text; may span several lines.
    public let body: String
    /// When the note was last saved, in seconds since 1970-01-01 00:00 UTC.
    public let modified: Double

    /// Makes a note.
    public init(id: Int64, title: String, body: String, modified: Double) {
        self.id = id
        self.title = title
        self.body = body
        self.modified = modified
    }
}

/// What the user wrote: a note's content before the store gives it an id.
public struct NoteDraft: Hashable, Sendable {
    /// One line.
    public let title: String
    /// Free text; may span several lines.
    public let body: String

    /// Makes a draft.
    public init(title: String, body: String) {
        self.title = title
        self.body = body
    }
}

/// Keeps notes: a service that a storage plugin provides, so the modules that show
/// notes never touch SQL and tests swap in an in-memory store.
///
///     let store = try resolver.resolve(NoteStore.self)
///     let note = try store.add(NoteDraft(title: "Groceries", body: "milk"))
///
/// Every write is durable when the call returns: a new instance on the same data
/// folder finds it. A write that throws changes nothing. A failure (for example a
/// database file that is not a database) throws an error whose message names the file.
/// The conformance kit's `NoteStore` suite checks these promises.
public protocol NoteStore: AnyObject {
    /// Every note, most recently modified first; notes modified at the same instant,
    /// the higher id first.
    func notes() throws -> [Note]
    /// The note with `id`, or nil when there is none (a missing note is not an error).
    func note(id: Int64) throws -> Note?
    /// Stores a new note and returns it as stored: a new id, the draft's title and
    /// body; ``note(id:)`` then returns the same note.
    func add(_ draft: NoteDraft) throws -> Note
    /// Replaces the title and body of note `id` and returns the note as stored;
    /// when there is no such note, throws an error whose description names `id`
    /// and changes nothing.
    func update(id: Int64, with draft: NoteDraft) throws -> Note
    /// Deletes note `id`; deleting a note that is not there does nothing.
    func delete(id: Int64) throws
}

/// The note list module (route `notes`): every note, with commands to write,
/// edit and delete them. It needs nothing to be configured. It lists the notes in
/// the store's order (newest first) and, with none, shows an empty state
/// (`Screen.empty`).
public protocol NoteListing: AnyObject {
    /// Reads the notes from the store again (after another module changed them).
    func reloadNotes()
}

/// The note editor module's input (Bviper's ModuleInput): what to edit and whom to tell.
/// Configured with ``edit(noteID:)`` it shows that note's title and body; its view
/// declares a `save` command that stores the note through the ``NoteStore`` and
/// reports it with ``NoteEditingOutput/noteEditorDidSave(_:)``.
///
///     try router.push(NoteEditing.self) { editor in
///         editor.output = self
///         editor.edit(noteID: 42)
///     }
public protocol NoteEditing: AnyObject {
    /// Who hears about saves (held weakly).
    var output: (any NoteEditingOutput)? { get set }
    /// Edits the stored note `noteID`.
    func edit(noteID: Int64)
    /// Starts a new, unsaved note with `title` (may be empty).
    func startNewNote(title: String)
}

/// What the note list asks a ``NoteEditing`` builder to build (a ``ModuleConfiguration``):
/// the stored note `noteID`, or a new note titled `title` when `noteID` is nil. An
/// editor's builder reads it with ``ModuleContext/configuration(_:)`` and builds the
/// editor for that note; the list still calls ``NoteEditing/edit(noteID:)`` or
/// ``NoteEditing/startNewNote(title:)`` in `prepare`, for editors that do not read it
/// (built against Contracts 1.2), so an editor that did should treat that call as
/// already done. Added in Contracts 1.3.
///
///     try router.push(NoteEditorConfiguration(noteID: 42)) { $0.output = self }
public struct NoteEditorConfiguration: ModuleConfiguration, Hashable, Sendable {
    /// The note editor's contract.
    public typealias Contract = any NoteEditing
    /// The stored note to edit; nil for a new note.
    public let noteID: Int64?
    /// The title a new note starts with (may be empty); unused when `noteID` is set.
    public let title: String

    /// Asks for the editor of note `noteID`, or of a new note titled `title`.
    public init(noteID: Int64?, title: String = "") {
        self.noteID = noteID
        self.title = title
    }
}

/// What a note editor tells the module that opened it (Bviper's ModuleOutput).
public protocol NoteEditingOutput: AnyObject {
    /// The editor stored `note` (new or changed) and is closing.
    func noteEditorDidSave(_ note: Note)
    /// The editor closed without saving.
    func noteEditorDidCancel()
}

extension NoteEditingOutput {
    /// Does nothing.
    public func noteEditorDidCancel() {}
}
