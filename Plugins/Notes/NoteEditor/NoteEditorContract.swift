import Contracts

/// Presenter → View: what to draw.
protocol NoteEditorViewing: AnyObject {
    func didUpdate(_ model: NoteEditorViewModel)
}

/// View → Presenter: what the user did.
protocol NoteEditorEventHandling: AnyObject {
    func didChangeTitle(_ title: String) throws
    func didChangeBody(_ body: String)
    func didAppendLine(_ line: String)
    /// A paste of several lines: added to the end of the body, unsaved.
    func didPasteLines(_ lines: [String])
    /// Opens the body in the user's editor (`$VISUAL`, `$EDITOR`) and takes it back as unsaved work.
    func didAskForExternalEditor() throws
    func didAskToSave() throws
    /// Closes; with unsaved changes the first call throws a ``CommandError`` naming
    /// them, and a second call drops them.
    func didAskToCancel() throws
    /// What leaving now would lose, e.g. "the text (2 lines)"; nil when everything is saved.
    var unsavedWork: String? { get }
    /// The shell removed the editor (`back`, `close!`, ...): tell the output, as `cancel` would.
    func didLeaveWithoutSaving()
}

/// Presenter → Interactor: the use cases.
protocol NoteEditorInteracting: AnyObject {
    /// Who is signed in now; nil for nobody.
    var signedInName: String? { get }
    /// A token that signs the current account in again in a worker restored after a crash; nil
    /// when nobody is signed in or the session cannot carry its sign-in.
    func doKeepSignIn() -> String?
    /// In a restored editor: signs `owner` in again with `token` unless they already are; says
    /// whether `owner` is signed in afterwards.
    func doResume(owner: String, token: String?) -> Bool
    /// Whether the signed-in account may save a note written by `owner` (nil: nobody yet).
    func doCheckOwner(_ owner: String?) throws -> NoteOwnership
    func doLoadNote(id: Int64)
    /// What `draft` changes in `stored` (the note as the store has it; `isStored` false for a
    /// note never saved): the parts that would be lost without a save, title first.
    func doFindUnsavedChanges(draft: NoteDraft, stored: NoteDraft, isStored: Bool) -> [UnsavedNoteChange]
    /// Stores `draft` as note `id` (a new note when nil) for `owner`, the account that was writing
    /// it (nil: whoever signs in). A note needs a title, and an owner signed in: otherwise it
    /// throws a ``CommandError`` saying what to do; a store failure goes to the output.
    func doSave(_ draft: NoteDraft, id: Int64?, owner: String?) throws
    /// `body` as the user left it in their editor; throws a ``CommandError`` (no editor set,
    /// the editor failed) and the body is then as it was.
    func doEditExternally(_ body: String) throws -> String
}

/// Interactor → Presenter: the results.
protocol NoteEditorInteractorOutput: AnyObject {
    func handleNoteLoaded(_ content: NoteContent)
    func handleNoteSaved(_ note: Note)
    func handleFailure(_ message: String)
}

/// Presenter → Router: where the editor can go.
protocol NoteEditorRouting: AnyObject {
    func close()
    /// Presents the sign-in above the editor (a restored editor whose account is not signed in).
    func showLogin(reason: String, output: any LoginOutput) throws
}

/// What the view draws: display strings only.
struct NoteEditorViewModel: Equatable {
    var heading = "New note"
    var title = ""
    var bodyLines: [String] = []
    /// Says what differs from what is stored; nil when nothing does.
    var unsavedHint: String?
    var error: String?
}
