import Contracts

/// Loads and saves one note through the injected ``NoteStore``, and keeps the rules that a
/// note is saved only with a title, and only by the account it belongs to: never while nobody
/// is signed in (it would belong to nobody), never by another account than the one that was
/// writing it. Across a crash it carries the sign-in with the work (``SessionResuming``).
final class NoteEditorInteractor: NoteEditorInteracting {
    weak var output: (any NoteEditorInteractorOutput)?
    private let store: any NoteStore
    private let session: any Session
    private let textEditor: any ExternalTextEditing

    init(store: any NoteStore, session: any Session, textEditor: any ExternalTextEditing = ProcessTextEditor(environment: [:])) {
        self.store = store
        self.session = session
        self.textEditor = textEditor
    }

    var signedInName: String? { session.currentUser?.name }

    func doKeepSignIn() -> String? {
        (session as? any SessionResuming)?.resumeToken
    }

    func doResume(owner: String, token: String?) -> Bool {
        if session.currentUser?.name == owner { return true }
        guard let token, let resuming = session as? any SessionResuming,
              let user = try? resuming.resume(token) else { return false }
        return user.name == owner
    }

    func doCheckOwner(_ owner: String?) throws -> NoteOwnership {
        guard let current = session.currentUser?.name else { return .signInFirst(as: owner) }
        guard owner == nil || owner == current else { return .signInFirst(as: owner) }
        return .owner(current)
    }

    func doEditExternally(_ body: String) throws -> String {
        try textEditor.edit(body)
    }

    func doLoadNote(id: Int64) {
        do {
            guard let note = try store.note(id: id) else {
                output?.handleFailure("note \(id) is gone (deleted elsewhere?); 'cancel' and pick another")
                return
            }
            output?.handleNoteLoaded(NoteContent(id: note.id, title: note.title, body: note.body))
        } catch {
            output?.handleFailure("cannot read note \(id): \(error)")
        }
    }

    func doFindUnsavedChanges(draft: NoteDraft, stored: NoteDraft, isStored: Bool) -> [UnsavedNoteChange] {
        var changes: [UnsavedNoteChange] = []
        if draft.title != stored.title {
            changes.append(.title(was: stored.title.isEmpty || !isStored ? nil : stored.title))
        }
        if draft.body != stored.body {
            changes.append(.text(lines: draft.body.isEmpty ? 0 : draft.body.components(separatedBy: "\n").count))
        }
        return changes
    }

    func doSave(_ draft: NoteDraft, id: Int64?, owner: String?) throws {
        guard !draft.title.isEmpty else {
            throw CommandError("the note has no title; give one with 'title TEXT', then 'save'")
        }
        guard case .owner = try doCheckOwner(owner) else {
            throw CommandError(owner.map { "this note is \($0)'s; sign in as \($0) to save it" }
                               ?? "nobody is signed in, so the note would belong to nobody; sign in to save it")
        }
        do {
            let note = try id.map { try store.update(id: $0, with: draft) } ?? store.add(draft)
            output?.handleNoteSaved(note)
        } catch {
            output?.handleFailure("cannot save the note: \(error)")
        }
    }
}
