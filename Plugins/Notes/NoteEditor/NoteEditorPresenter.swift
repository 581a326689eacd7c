import Contracts
import Foundation

/// Keeps the draft being edited and the account it is written for, says what is unsaved, and
/// reports a save through the module output before closing (Bviper's ModuleOutput). A `save`
/// while that account is not signed in presents the sign-in first, then saves.
final class NoteEditorPresenter: NoteEditing, NoteEditorEventHandling, NoteEditorInteractorOutput, LoginOutput {
    weak var view: (any NoteEditorViewing)?
    weak var output: (any NoteEditingOutput)?
    let interactor: any NoteEditorInteracting  // not private: the restoration extension asks it
    private let router: any NoteEditorRouting
    // Not private: the restoration extension (NoteEditorPresenter+Restoration.swift) keeps and restores them.
    var noteID: Int64?
    var stored = NoteDraft(title: "", body: "")
    var draft = NoteDraft(title: "", body: "")
    /// The account the note is written for: who was signed in when the editor opened (or after a
    /// crash, who was then); nil until someone is.
    var owner: String?
    var error: String?
    /// Set by a `cancel` that was warned about unsaved changes; the next `cancel` drops them.
    private var warnedBeforeDropping = false

    init(interactor: any NoteEditorInteracting, router: any NoteEditorRouting) {
        self.interactor = interactor
        self.router = router
    }

    // MARK: NoteEditing

    func edit(noteID: Int64) {
        // Built for this note from the route's configuration and not changed since:
        // the caller's `prepare` asks again for editors that do not read it.
        if self.noteID == noteID, draft == stored { return }
        self.noteID = noteID
        owner = interactor.signedInName
        interactor.doLoadNote(id: noteID)
    }

    func startNewNote(title: String) {
        noteID = nil
        owner = interactor.signedInName
        stored = NoteDraft(title: "", body: "")
        draft = NoteDraft(title: title, body: "")
        refresh()
    }

    // MARK: NoteEditorEventHandling

    func didChangeTitle(_ title: String) throws {
        let trimmed = title.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw CommandError("give the title, e.g. 'title Groceries'") }
        draft = NoteDraft(title: trimmed, body: draft.body)
        refresh()
    }

    func didChangeBody(_ body: String) {
        draft = NoteDraft(title: draft.title, body: body)
        refresh()
    }

    func didAppendLine(_ line: String) {
        draft = NoteDraft(title: draft.title, body: draft.body.isEmpty ? line : draft.body + "\n" + line)
        refresh()
    }

    func didPasteLines(_ lines: [String]) {
        let pasted = lines.joined(separator: "\n")
        draft = NoteDraft(title: draft.title, body: draft.body.isEmpty ? pasted : draft.body + "\n" + pasted)
        refresh()
    }

    func didAskForExternalEditor() throws {
        let body = try interactor.doEditExternally(draft.body)
        draft = NoteDraft(title: draft.title, body: body)
        refresh()
    }

    func didAskToSave() throws {
        switch try interactor.doCheckOwner(owner) {
        case .owner(let name):
            owner = name
            try interactor.doSave(draft, id: noteID, owner: name)
        case .signInFirst(let name):
            try router.showLogin(reason: name.map { "Sign in as \($0) to save \($0)'s note." } ?? "Sign in to save the note.",
                                 output: self)
        }
    }

    // MARK: LoginOutput

    func loginDidSucceed(_ user: User) {
        guard owner == nil || owner == user.name else {
            handleFailure("signed in as \(user.name), but this note is \(owner ?? "")'s: it was not saved; sign in as \(owner ?? "") and 'save' again")
            return
        }
        do {
            error = nil
            owner = user.name
            try interactor.doSave(draft, id: noteID, owner: user.name)
        } catch {
            handleFailure("\(error)")
        }
    }

    func loginDidCancel() {
        handleFailure("not saved: nobody signed in; 'save' asks again")
    }

    func didAskToCancel() throws {
        if let unsaved = unsavedParts(), !warnedBeforeDropping {
            warnedBeforeDropping = true
            throw CommandError("\(unsaved) would be lost; type 'save' to keep the changes, or 'cancel' again to drop them")
        }
        let output = self.output
        router.close()
        output?.noteEditorDidCancel()
    }

    var unsavedWork: String? {
        unsavedParts()
    }

    func didLeaveWithoutSaving() {
        output?.noteEditorDidCancel()
    }

    // MARK: NoteEditorInteractorOutput

    func handleNoteLoaded(_ content: NoteContent) {
        noteID = content.id
        stored = NoteDraft(title: content.title, body: content.body)
        draft = stored
        error = nil
        refresh()
    }

    func handleNoteSaved(_ note: Note) {
        noteID = note.id
        stored = draft
        // Close first, then tell the output: it may route on from the module below.
        let output = self.output
        router.close()
        output?.noteEditorDidSave(note)
    }

    func handleFailure(_ message: String) {
        error = message
        refresh()
    }

    // MARK: Private

    /// What differs from what is stored, e.g. "the title (was 'Groceries') and the text (3 lines)"; nil when nothing does.
    private func unsavedParts() -> String? {
        let parts = interactor.doFindUnsavedChanges(draft: draft, stored: stored, isStored: noteID != nil).map { change in
            switch change {
            case .title(let was): return was.map { "the title (was '\($0)')" } ?? "the title"
            case .text(let lines): return "the text (\(lines == 1 ? "1 line" : "\(lines) lines"))"
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: " and ")
    }

    func refresh() {
        warnedBeforeDropping = false
        var model = NoteEditorViewModel()
        model.heading = noteID == nil ? "New note" : "Editing note"
        model.title = draft.title.isEmpty ? "(no title yet: type 'title TEXT')" : draft.title
        model.bodyLines = draft.body.isEmpty ? [] : draft.body.components(separatedBy: "\n")
        model.unsavedHint = unsavedParts().map { "Unsaved: \($0). 'save' keeps the changes; 'cancel' (or 'close') asks before dropping them." }
        model.error = error
        view?.didUpdate(model)
    }
}
