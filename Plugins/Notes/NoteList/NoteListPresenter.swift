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
    private var model = NoteListViewModel()
    /// The embedded status line's input, reached only through its contract.
    private weak var accountStatus: (any AccountStatus)?
    private var embedded = false
    private let modifiedFormat: DateFormatter
    /// The change a route asked for (`notes/:id`), made when the list first appears.
    private var changeOnAppear: NoteChange?
    /// Whether the lists are drawn as data (`viper --json`).
    private let json: Bool

    init(interactor: any NoteListInteracting, router: any NoteListRouting, timeZoneIdentifier: String = "UTC", json: Bool = false) {
        self.interactor = interactor
        self.router = router
        self.json = json
        model.asData = json
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

    func didAskToEdit(id: Int64) throws {
        if interactor.isSignedIn { _ = try interactor.doFindTitle(id: id) }
        try request(.edit(id: id))
    }

    func didAskToDelete(ids: [Int64]) throws {
        if interactor.isSignedIn {
            for id in ids { _ = try interactor.doFindTitle(id: id) }
        }
        try request(.delete(ids: ids))
    }

    func didAskToShow(id: Int64, raw: Bool) throws {
        model.notice = nil
        try interactor.doShowNote(id: id, raw: raw)
    }

    func didAskToFollow(title: String) throws {
        model.notice = nil
        try interactor.doShowNote(id: try interactor.doFindNote(titled: title), raw: false)
    }

    func didAskToUndo() throws {
        try request(.undoDelete)
    }

    func didAskToRestore(id: Int64) throws {
        try request(.restore(id: id))
    }

    func didAskForTrash() throws {
        try signedInToRead("see the trash")
        model.notice = nil
        interactor.doFilter(.trash)
    }

    func didAskToEmptyTrash() throws {
        try signedInToRead("empty the trash")
        try interactor.doEmptyTrash()
        show(notice: "The trash is empty: its notes are deleted for good.")
    }

    func didAskToExport(to folder: String) throws {
        model.notice = nil
        try signedInToRead("export notes")
        try interactor.doExportNotes(to: folder)
    }

    func didAskToImport(from folder: String) throws {
        try request(.importFolder(path: folder))
    }

    func deleteQuestion(ids: [Int64]) -> String? {
        let unique = ids.reduce(into: [Int64]()) { if !$0.contains($1) { $0.append($1) } }
        // Signed out, the sign-in comes first and the notes are named after it: ask by id.
        guard interactor.isSignedIn else {
            return unique.count == 1 ? "Delete note \(unique[0])?" : "Delete notes \(unique.map(String.init).joined(separator: ", "))?"
        }
        var names: [String] = []
        for id in unique {
            guard let title = try? interactor.doFindTitle(id: id) else { return nil }
            names.append("'\(title.isEmpty ? "(untitled)" : title)' (note \(id))")
        }
        return names.count == 1 ? "Delete \(names[0])?" : "Delete \(names.count) notes: \(names.joined(separator: ", "))?"
    }

    func emptyTrashQuestion() -> String {
        "Delete every note in the trash for good (no undo)?"
    }

    func didAskToSignIn() throws {
        try request(.showNotes)
    }

    func didAskToSignOut() {
        interactor.doSignOut()
    }

    func didAskToFind(_ text: String) throws {
        model.notice = nil
        try interactor.doFind(text)
    }

    func didAskForTag(_ name: String) throws {
        model.notice = nil
        let tag = name.trimmingCharacters(in: .whitespaces).lowercased()
        let bare = tag.hasPrefix("#") ? String(tag.dropFirst()) : tag
        guard !bare.isEmpty else { return interactor.doFilter(.all) }
        try signedInToRead("filter notes by tag")
        interactor.doFilter(.tag(bare))
    }

    func didAskForTags() throws {
        try signedInToRead("see tags")
        let counts = try interactor.doCountTags()
        model.notice = nil
        model.shown = nil
        if json {
            return publishOnce(json: Self.jsonText(counts.map { TagCountJSON(tag: $0.tag, count: $0.count) }))
        }
        model.tagLines = counts.isEmpty ? ["No note has a tag yet: write '#word' in a note to tag it."]
            : counts.map { "#\($0.tag) (\($0.count == 1 ? "1 note" : "\($0.count) notes"))" }
        publish()
        model.tagLines = nil
    }

    // MARK: NoteListInteractorOutput

    func didAskForEveryNote() {
        model.notice = nil
        interactor.doShowEveryNote()
    }

    func handleNotesLoaded(_ notes: [NoteSummary], filter: NoteListFilter, total: Int) {
        model.moreLine = total > notes.count
            ? "Showing \(notes.count) of \(total) notes; 'find WORDS' or 'tag NAME' narrows the list, 'all' shows every one." : nil
        model.shown = nil
        model.rows = json ? [] : notes.map { note in
            let title = note.title.isEmpty ? "(untitled)" : note.title
            let plain = TerminalMarkdown.plain(note.firstLine)
            let first = plain.count > Self.firstLineWidth ? plain.prefix(Self.firstLineWidth - 1) + "…" : plain
            let text = first.isEmpty || first == title ? title : "\(title) — \(first)"
            // Tags the line does not show already, after it.
            let unseen = note.tags.filter { !text.lowercased().contains("#" + $0) }
            let tags = unseen.isEmpty ? "" : "  " + unseen.map { "#" + $0 }.joined(separator: " ")
            let when = note.deleted.map { "deleted " + date($0) } ?? "modified " + date(note.modified)
            return NoteRow(id: note.id, text: "\(text)\(tags) (\(when))")
        }
        let count = total == 1 ? "1 note" : "\(total) notes"
        switch filter {
        case .all:
            model.searchLine = nil
            model.emptyMessage = interactor.isSignedIn ? NoteListViewModel().emptyMessage : Self.signedOutEmptyMessage
        case .words(let words):
            let text = words.joined(separator: " ")
            model.searchLine = notes.isEmpty ? nil : "\(count) with every word of '\(text)', best match first. Type 'find' to list every note."
            model.emptyMessage = "No note has every word of '\(text)'. Type 'find' to list every note."
        case .tag(let tag):
            model.searchLine = notes.isEmpty ? nil : "\(count) tagged #\(tag). Type 'tag' to list every note."
            model.emptyMessage = "No note is tagged #\(tag); 'tags' lists the tags. Type 'tag' to list every note."
        case .trash:
            model.searchLine = notes.isEmpty ? nil
                : "The trash: \(count), deleted last first. 'restore ID' brings one back, 'trash empty' deletes them for good; 'find' lists your notes."
            model.emptyMessage = "The trash is empty. Type 'find' to list your notes."
        }
        model.error = nil
        if json {
            // Signed out, an empty array would say the account has no notes: the error says why there are none.
            model.json = interactor.isSignedIn ? Self.jsonText(notes.map { [format = Self.isoFormat()] in ListedNoteJSON($0, format: format) }) : nil
            model.error = interactor.isSignedIn ? nil : Self.signedOutJSONError
        }
        publish()
    }

    func handleNotesDeleted(_ notes: [NoteLink], kept: Bool) {
        let names = notes.map { note in note.title.isEmpty ? "note \(note.id ?? 0)" : "'\(note.title)' (note \(note.id ?? 0))" }
        guard names.count > 1 else {
            let id = notes.first?.id ?? 0
            return show(notice: kept ? "Deleted \(names.first ?? ""): it is in the trash. Type 'undo' (or 'restore \(id)') to bring it back."
                                     : "Deleted \(names.first ?? ""). Type 'undo' to bring it back while this list is open.")
        }
        show(notice: kept ? "Deleted \(names.joined(separator: ", ")): they are in the trash. Type 'undo' to bring back the last, or 'restore ID'."
                          : "Deleted \(names.joined(separator: ", ")). Type 'undo' to bring back the last while this list is open.")
    }

    func handleNoteRestored(title: String, id: Int64) {
        show(notice: "Back: '\(title)' (note \(id)).")
    }

    func handleNoteShown(_ note: NoteReading, raw: Bool) {
        if json {
            model.shown = nil
            return publishOnce(json: Self.jsonText(ShownNoteJSON(note, format: Self.isoFormat())))
        }
        var fields = [ShownField(label: "Note", value: String(note.id)), ShownField(label: "Modified", value: date(note.modified))]
        if !note.tags.isEmpty {
            fields.append(ShownField(label: "Tags", value: note.tags.map { "#" + $0 }.joined(separator: " ")))
        }
        if !note.links.isEmpty {
            fields.append(ShownField(label: "Links to", value: note.links.map { link in
                link.id.map { "\(link.title) (note \($0))" } ?? "\(link.title) (no such note yet)"
            }.joined(separator: ", ")))
        }
        if !note.linkedFrom.isEmpty {
            fields.append(ShownField(label: "Linked from", value: note.linkedFrom.map { "\($0.title) (note \($0.id ?? 0))" }.joined(separator: ", ")))
        }
        let ids = Dictionary(note.links.compactMap { link in link.id.map { (link.title.lowercased(), $0) } }, uniquingKeysWith: { first, _ in first })
        let lines: [ShownLine] = raw
            ? note.body.split(separator: "\n", omittingEmptySubsequences: false).map { .text(String($0)) }
            : TerminalMarkdown.lines(of: note.body, noteID: { ids[$0.lowercased()] })
        model.shown = ShownNote(heading: note.title.isEmpty ? "(untitled)" : note.title, fields: fields,
                                lines: note.body.isEmpty ? [] : lines)
        publish()
    }

    func handleNotesExported(count: Int, folder: String) {
        show(notice: "Exported \(count == 1 ? "1 note" : "\(count) notes") to \(folder), one Markdown file each.")
    }

    func handleSignedOut() {
        accountStatus?.refresh()
        // As data the list says at once that nobody is signed in (a notice is not drawn).
        if json { return interactor.doFilter(.all) }
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
        case .edit(let id):
            _ = try interactor.doFindTitle(id: id)
            try router.showEditor(noteID: id, title: "", output: self)
        case .delete(let ids): try interactor.doDeleteNotes(ids: ids)
        case .importFolder(let path): try importNotes(from: path)
        case .undoDelete: try interactor.doUndoDelete()
        case .restore(let id): try interactor.doRestore(id: id)
        case .showNotes:
            interactor.doFilter(.all)
        }
    }

    /// Imports, then says what happened; a file that could not be read fails the command (status
    /// 1 in a script) with one line naming it, after the others are in.
    private func importNotes(from path: String) throws {
        let report = try interactor.doImportNotes(from: path)
        var parts = ["imported \(report.imported == 1 ? "1 note" : "\(report.imported) notes") from \(report.folder)"]
        if !report.alreadyThere.isEmpty {
            parts.append("\(report.alreadyThere.count == 1 ? "1 file was" : "\(report.alreadyThere.count) files were") already there (\(report.alreadyThere.joined(separator: ", ")))")
        }
        guard report.failed.isEmpty else {
            throw CommandError(parts.joined(separator: "; ") + "; skipped " + report.failed.joined(separator: "; ") + "; fix it and import again (what is in stays once)")
        }
        let text = parts.joined(separator: "; ") + "."
        show(notice: text.prefix(1).uppercased() + text.dropFirst())
    }

    /// Throws while nobody is signed in: `what` (see the trash, see tags) needs an account.
    private func signedInToRead(_ what: String) throws {
        guard interactor.isSignedIn else {
            throw CommandError("nobody is signed in; sign in first to \(what): 'login', then 'signin NAME'")
        }
    }

    private func date(_ seconds: Double) -> String {
        modifiedFormat.string(from: Date(timeIntervalSince1970: seconds))
    }

    /// How much of a note's first line a row shows.
    static let firstLineWidth = 60

    /// What the list shows with no notes while nobody is signed in.
    static let signedOutEmptyMessage = "Nobody is signed in: each account sees only its own notes. Type 'login' to see yours."

    private func show(notice: String) {
        model.shown = nil
        model.notice = notice
        publish()
    }

    /// Draws `json` in place of the list this once (`show`, `tags` as data); the list comes back
    /// with the next change.
    private func publishOnce(json text: String) {
        let list = model.json
        model.json = text
        publish()
        model.json = list
    }

    /// Hands the model to the view, with whether someone is signed in (the view offers `login` only when nobody is).
    private func publish() {
        model.signedIn = interactor.isSignedIn
        view?.didUpdate(model)
    }
}
