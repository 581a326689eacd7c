import Contracts
import Foundation

/// The list's use cases over the injected ``NoteStore`` and ``Session``: list,
/// search by text, delete, show, export and import Markdown, sign out, and the rule that changing notes needs a
/// signed-in account (a change asked for without one waits here for the sign-in).
final class NoteListInteractor: NoteListInteracting {
    weak var output: (any NoteListInteractorOutput)?
    private let store: any NoteStore
    private let session: any Session
    private let logger: any Logger
    private let markdown: any MarkdownFolder
    /// The text searched for; nil lists every note.
    private var search: String?
    /// The last note deleted from this list, for `undo`.
    private var lastDeleted: NoteDraft?
    /// The change waiting for a sign-in.
    private(set) var pendingChange: NoteChange?

    init(store: any NoteStore, session: any Session, logger: any Logger, markdown: any MarkdownFolder = FileMarkdownFolder()) {
        self.store = store
        self.session = session
        self.logger = logger
        self.markdown = markdown
    }

    var isSignedIn: Bool { session.currentUser != nil }

    func doLoadNotes() {
        do {
            let notes = try store.notes()
            let shown = search.map { text in notes.filter { Self.note($0, contains: text) } } ?? notes
            output?.handleNotesLoaded(shown.map(Self.summary), search: search)
        } catch {
            fail("cannot read notes: \(error)")
        }
    }

    func doFindNotes(matching text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        search = trimmed.isEmpty ? nil : trimmed
        doLoadNotes()
    }

    /// Whether the title or the body holds `text`, ignoring case and accents.
    static func note(_ note: Note, contains text: String) -> Bool {
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
        return note.title.range(of: text, options: options) != nil || note.body.range(of: text, options: options) != nil
    }

    func doDeleteNote(id: Int64) {
        do {
            let note = try store.note(id: id)
            try store.delete(id: id)
            lastDeleted = note.map { NoteDraft(title: $0.title, body: $0.body) }
            output?.handleNoteDeleted(title: note?.title ?? "")
            doLoadNotes()
        } catch {
            fail("cannot delete the note: \(error)")
        }
    }

    func doUndoDelete() throws {
        guard let draft = lastDeleted else { throw CommandError("nothing to undo: 'undo' brings back the last note deleted here") }
        do {
            _ = try store.add(draft)
        } catch {
            throw CommandError("cannot store the note again: \(error)")
        }
        lastDeleted = nil
        output?.handleNoteRestored(title: draft.title)
        doLoadNotes()
    }

    func doShowNote(id: Int64) throws {
        let note: Note?
        do {
            note = try store.note(id: id)
        } catch {
            throw CommandError("cannot read note \(id): \(error)")
        }
        guard let note else { throw CommandError("the note is no longer stored; 'find' lists the notes again") }
        output?.handleNoteShown(NoteReading(title: note.title, body: note.body, modified: note.modified))
    }

    func doExportNotes(to folder: String) throws {
        let path = markdown.resolve(try Self.folderPath(folder, for: "export"))
        let notes: [Note]
        do {
            notes = try store.notes()
        } catch {
            throw CommandError("cannot read notes: \(error)")
        }
        var taken = try markdown.names(in: path)
        for note in notes {
            let name = NoteMarkdown.fileName(title: note.title, id: note.id, taken: taken)
            taken.insert(name)
            try markdown.write(MarkdownFile(name: name, text: NoteMarkdown.text(title: note.title, body: note.body), modified: note.modified), to: path)
        }
        output?.handleNotesExported(count: notes.count, folder: path)
    }

    func doImportNotes(from folder: String) throws {
        let path = markdown.resolve(try Self.folderPath(folder, for: "import"))
        let files = try markdown.markdownFiles(in: path)
        guard !files.isEmpty else { throw CommandError("\(path) holds no .md files; give the folder an export wrote") }
        do {
            for file in files {
                let draft = NoteMarkdown.draft(from: file.text, fileName: String(file.name.dropLast(3)))
                // The file's modified time is the note's, when the store can keep it.
                if let timed = store as? any NoteStoreKeepingTimes, file.modified > 0 {
                    _ = try timed.add(draft, modified: file.modified)
                } else {
                    _ = try store.add(draft)
                }
            }
        } catch {
            throw CommandError("cannot store an imported note: \(error)")
        }
        output?.handleNotesImported(count: files.count, folder: path)
        doLoadNotes()
    }

    /// `folder` trimmed; a ``CommandError`` when it is empty.
    private static func folderPath(_ folder: String, for command: String) throws -> String {
        let trimmed = folder.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw CommandError("\(command) needs a folder, e.g. '\(command) ~/notes'") }
        return trimmed
    }

    func doCheckNoteExists(id: Int64) throws {
        // Signed out, the store shows no account's notes: the editor opened after the
        // sign-in says whether the account has note `id`.
        guard isSignedIn else { return }
        let note: Note?
        do {
            note = try store.note(id: id)
        } catch {
            throw CommandError("cannot read note \(id): \(error)")
        }
        guard note != nil else {
            throw CommandError("no note \(id); 'open notes' lists the notes, and 'edit N' opens one")
        }
    }

    func doRequest(_ change: NoteChange) -> NoteChangePermission {
        guard isSignedIn else {
            pendingChange = change
            return .signInFirst
        }
        return .granted
    }

    func doTakePendingChange() -> NoteChange? {
        defer { pendingChange = nil }
        return pendingChange
    }

    func doDropPendingChange() {
        pendingChange = nil
    }

    func doSignOut() {
        guard isSignedIn else {
            output?.handleNobodySignedIn()
            return
        }
        session.signOut()
        output?.handleSignedOut()
        // The account's notes leave the screen with it.
        doLoadNotes()
    }

    private func fail(_ message: String) {
        logger.log(.error, message, source: "notes")
        output?.handleFailure(message)
    }

    private static func summary(_ note: Note) -> NoteSummary {
        let firstLine = note.body.split(whereSeparator: \.isNewline)
            .first { !$0.allSatisfy(\.isWhitespace) }
            .map { String($0) } ?? ""
        return NoteSummary(id: note.id, title: note.title, firstLine: firstLine, modified: note.modified)
    }
}
