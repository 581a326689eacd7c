import Contracts
import Foundation

/// Turns notes into display rows and user events into use cases. When the
/// Interactor says a change needs a sign-in first, it presents Login and carries on
/// with the change the Interactor kept when the login output reports success.
final class NoteListPresenter: NoteListing, NoteOpening, NoteListEventHandling, NoteListInteractorOutput,
                               NoteEditingOutput, LoginOutput {
    weak var view: (any NoteListViewing)?
    private let interactor: any NoteListInteracting
    private let router: any NoteListRouting
    private var notes: [NoteSummary] = []
    private var model = NoteListViewModel()
    /// The embedded status line's input, reached only through its contract.
    private weak var accountStatus: (any AccountStatus)?
    private var embedded = false
    private let modifiedFormat: DateFormatter
    /// The change a route asked for (`notes/:id`), made when the list first appears.
    private var changeOnAppear: NoteChange?

    init(interactor: any NoteListInteracting, router: any NoteListRouting, timeZoneIdentifier: String = "UTC") {
        self.interactor = interactor
        self.router = router
        modifiedFormat = DateFormatter()
        modifiedFormat.locale = Locale(identifier: "en_US_POSIX")
        modifiedFormat.timeZone = TimeZone(identifier: timeZoneIdentifier) ?? TimeZone(secondsFromGMT: 0)
        modifiedFormat.dateFormat = "yyyy-MM-dd HH:mm"
    }

    // MARK: NoteListing

    func reloadNotes() {
        interactor.doLoadNotes()
    }

    // MARK: NoteOpening

    func open(noteID: Int64) throws {
        try interactor.doCheckNoteExists(id: noteID)
        changeOnAppear = .edit(id: noteID)
    }

    // MARK: NoteListEventHandling

    func didAppear() {
        // A notice is about the last command; outputs that arrive after this set their own.
        model.notice = nil
        model.shown = nil
        if !embedded, let view {
            embedded = true
            if let status = router.embedAccountStatus() {
                view.didEmbed(status.view)
                accountStatus = status.status
            }
        }
        accountStatus?.refresh()
        interactor.doLoadNotes()
        if let change = changeOnAppear {
            changeOnAppear = nil
            do {
                try request(change)
            } catch {
                handleFailure("cannot open the note: \(error)")
            }
        }
    }

    func didAskForNewNote(title: String) throws {
        try request(.create(title: title.trimmingCharacters(in: .whitespaces)))
    }

    func didAskToEdit(item: Int) throws {
        try request(try change(item: item, NoteChange.edit, afterSignIn: .editItem(item)))
    }

    func didAskToDelete(item: Int) throws {
        try request(try change(item: item, NoteChange.delete, afterSignIn: .deleteItem(item)))
    }

    func didAskToShow(item: Int) throws {
        model.notice = nil
        try interactor.doShowNote(id: try note(at: item).id)
    }

    func didAskToUndo() throws {
        try request(.undoDelete)
    }

    func didAskToExport(to folder: String) throws {
        model.notice = nil
        guard interactor.isSignedIn else {
            throw CommandError("nobody is signed in, so there are no notes to export; type 'login' first")
        }
        try interactor.doExportNotes(to: folder)
    }

    func didAskToImport(from folder: String) throws {
        try request(.importFolder(path: folder))
    }

    func deleteQuestion(item: Int) -> String {
        guard notes.indices.contains(item - 1) else { return "Delete note \(item)?" }
        let title = notes[item - 1].title
        return "Delete '\(title.isEmpty ? "(untitled)" : title)'?"
    }

    func didAskToSignIn() throws {
        try request(.showNotes)
    }

    func didAskToSignOut() {
        interactor.doSignOut()
    }

    func didAskToFind(_ text: String) {
        model.notice = nil
        interactor.doFindNotes(matching: text)
    }

    // MARK: NoteListInteractorOutput

    func handleNotesLoaded(_ notes: [NoteSummary], search: String?) {
        self.notes = notes
        model.rows = notes.map { note in
            let title = note.title.isEmpty ? "(untitled)" : note.title
            let text = note.firstLine.isEmpty ? title : "\(title) — \(note.firstLine)"
            return "\(text) (modified \(modifiedFormat.string(from: Date(timeIntervalSince1970: note.modified))))"
        }
        if let search, !notes.isEmpty {
            let count = notes.count == 1 ? "1 note" : "\(notes.count) notes"
            model.searchLine = "\(count) with '\(search)'. Type 'find' to list every note."
        } else if let search {
            model.searchLine = nil
            model.emptyMessage = "No note has '\(search)' in its title or text. Type 'find' to list every note."
        } else {
            model.searchLine = nil
            model.emptyMessage = interactor.isSignedIn ? NoteListViewModel().emptyMessage : Self.signedOutEmptyMessage
        }
        model.error = nil
        publish()
    }

    func handleNoteDeleted(title: String) {
        show(notice: (title.isEmpty ? "Deleted the note." : "Deleted '\(title)'.") + " Type 'undo' to bring it back.")
    }

    func handleNoteRestored(title: String) {
        show(notice: "Back: '\(title)'.")
    }

    func handleNoteShown(_ note: NoteReading) {
        let lines = note.body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        model.shown = ShownNote(heading: note.title.isEmpty ? "(untitled)" : note.title,
                                modified: modifiedFormat.string(from: Date(timeIntervalSince1970: note.modified)),
                                lines: note.body.isEmpty ? [] : lines)
        publish()
    }

    func handleNotesExported(count: Int, folder: String) {
        show(notice: "Exported \(count == 1 ? "1 note" : "\(count) notes") to \(folder), one Markdown file each.")
    }

    func handleNotesImported(count: Int, folder: String) {
        show(notice: "Imported \(count == 1 ? "1 note" : "\(count) notes") from \(folder).")
    }

    func handleSignedOut() {
        accountStatus?.refresh()
        show(notice: "Signed out.")
    }

    func handleNobodySignedIn() {
        show(notice: "Nobody is signed in.")
    }

    func handleFailure(_ message: String) {
        model.error = message
        publish()
    }

    // MARK: NoteEditingOutput

    func noteEditorDidSave(_ note: Note) {
        show(notice: "Saved '\(note.title)'.")
        interactor.doLoadNotes()
    }

    func noteEditorDidCancel() {
        show(notice: "Closed the editor without saving.")
    }

    // MARK: LoginOutput

    func loginDidSucceed(_ user: User) {
        accountStatus?.refresh()
        guard let change = interactor.doTakePendingChange() else { return }
        do {
            try router.closeLogin()
            try perform(change)
        } catch {
            handleFailure("cannot carry on after signing in: \(error)")
        }
    }

    func loginDidCancel() {
        interactor.doDropPendingChange()
        do {
            try router.closeLogin()
        } catch {
            handleFailure("cannot close the sign-in: \(error)")
            return
        }
        show(notice: "Not signed in: the notes stay as they are.")
    }

    // MARK: Private

    /// Makes `change` now when the Interactor allows it; otherwise presents the sign-in.
    private func request(_ change: NoteChange) throws {
        model.notice = nil
        switch interactor.doRequest(change) {
        case .granted:
            try perform(change)
        case .signInFirst:
            do {
                try router.showLogin(reason: change == .showNotes ? "Sign in to see your notes." : "Sign in to change notes.",
                                     output: self)
            } catch {
                interactor.doDropPendingChange()
                throw error
            }
        }
    }

    private func perform(_ change: NoteChange) throws {
        switch change {
        case .create(let title): try router.showEditor(noteID: nil, title: title, output: self)
        case .edit(let id): try router.showEditor(noteID: id, title: "", output: self)
        case .delete(let id): interactor.doDeleteNote(id: id)
        case .importFolder(let path): try interactor.doImportNotes(from: path)
        case .undoDelete: try interactor.doUndoDelete()
        case .editItem(let item):
            interactor.doLoadNotes()
            try perform(.edit(id: try note(at: item).id))
        case .deleteItem(let item):
            interactor.doLoadNotes()
            try perform(.delete(id: try note(at: item).id))
        case .showNotes:
            interactor.doLoadNotes()
        }
    }

    /// What the list shows with no notes while nobody is signed in.
    static let signedOutEmptyMessage = "Nobody is signed in: each account sees only its own notes. Type 'login' to see yours."

    /// The change to item `item`: by its id when the list shows it; while nobody is signed in
    /// and the list does not, `later`, for item `item` of the list the sign-in brings.
    private func change(item: Int, _ make: (Int64) -> NoteChange, afterSignIn later: NoteChange) throws -> NoteChange {
        if !interactor.isSignedIn, !notes.indices.contains(item - 1), item >= 1 {
            return later
        }
        return make(try note(at: item).id)
    }

    private func note(at item: Int) throws -> NoteSummary {
        guard notes.indices.contains(item - 1) else {
            if notes.isEmpty, !interactor.isSignedIn {
                throw CommandError("nobody is signed in, so no notes are shown; type 'login' to see yours")
            }
            throw CommandError(notes.isEmpty ? "there are no notes yet; type 'new TITLE' to write one"
                                             : "no note \(item); choose 1 to \(notes.count)")
        }
        return notes[item - 1]
    }

    private func show(notice: String) {
        model.shown = nil
        model.notice = notice
        publish()
    }

    /// Hands the model to the view, with whether someone is signed in (the view offers `login` only when nobody is).
    private func publish() {
        model.signedIn = interactor.isSignedIn
        view?.didUpdate(model)
    }
}
