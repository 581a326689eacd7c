import Contracts
import Foundation

/// The list's use cases over the injected ``NoteStore`` and ``Session``: list, find by words,
/// filter by tag, delete to the trash and bring back, show with links, export and import
/// Markdown, sign out, and the rule that changing notes needs a signed-in account (a change
/// asked for without one waits here for the sign-in). Notes are named by the store's ids.
///
/// With a store that keeps a trash (``NoteStoreKeepingTrash``) `undo` and `trash` outlive the
/// list and viper; with one that does not, the list keeps what it deleted while it is open.
final class NoteListInteractor: NoteListInteracting {
    weak var output: (any NoteListInteractorOutput)?
    private let store: any NoteStore
    private let session: any Session
    private let logger: any Logger
    private let markdown: any MarkdownFolder
    private let clock: () -> Double
    /// Which notes the list shows.
    private var filter = NoteListFilter.all
    /// How many notes a new filter shows at most; nil: every one.
    private let pageSize: Int?
    /// How many notes the list shows at most (the newest, or the best matches); nil after `all`.
    private var limit: Int?
    /// What a list shows before `all`: enough for a screen or two, and quick with 10,000 notes.
    static let shownAtMost = 100
    /// What this list deleted, newest last, for a store without a trash.
    private var deletedHere: [TrashedNote] = []
    /// The change waiting for a sign-in.
    private(set) var pendingChange: NoteChange?

    init(store: any NoteStore, session: any Session, logger: any Logger, markdown: any MarkdownFolder = FileMarkdownFolder(),
         clock: @escaping () -> Double = { Date().timeIntervalSince1970 }, shownAtMost: Int? = NoteListInteractor.shownAtMost) {
        pageSize = shownAtMost
        limit = shownAtMost
        self.store = store
        self.session = session
        self.logger = logger
        self.markdown = markdown
        self.clock = clock
    }

    var isSignedIn: Bool { session.currentUser != nil }

    var keepsTrash: Bool { store is any NoteStoreKeepingTrash }

    func doLoadNotes() {
        do {
            let (notes, total) = try self.notes(for: filter)
            output?.handleNotesLoaded(notes, filter: filter, total: total)
        } catch {
            fail("cannot read notes: \(error)")
        }
    }

    func doFilter(_ filter: NoteListFilter) {
        self.filter = filter
        limit = pageSize
        doLoadNotes()
    }

    func doShowEveryNote() {
        limit = nil
        doLoadNotes()
    }

    func doFind(_ text: String) throws {
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard !words.isEmpty else { return doFilter(.all) }
        guard isSignedIn else {
            throw CommandError("nobody is signed in, so there are no notes to search; sign in first: 'login', then 'signin NAME' (add '--stay' to stay signed in for later runs)")
        }
        doFilter(.words(words))
    }

    /// The notes `filter` shows, as the list shows them (at most ``limit``), and how many match.
    private func notes(for filter: NoteListFilter) throws -> (notes: [NoteSummary], total: Int) {
        let shown = limit ?? Int.max
        switch filter {
        case .all:
            let all = try store.notes()
            return (all.prefix(shown).map(Self.summary), all.count)
        case .words(let words):
            let found = try (store as? any NoteSearching)?.notes(matching: words)
                ?? store.notes().filter { note in words.allSatisfy { Self.note(note, contains: $0) } }
            // A found note shows the line that matched, not its first line.
            return (found.prefix(shown).map { Self.summary($0, showingLineWith: words) }, found.count)
        case .tag(let tag):
            let tagged = try store.notes().filter { NoteText.tags(in: $0.title + "\n" + $0.body).contains(tag) }
            return (tagged.prefix(shown).map(Self.summary), tagged.count)
        case .trash:
            let all = try trashed()
            return (all.prefix(shown).map { trashed in
                var summary = Self.summary(trashed.note)
                summary.deleted = trashed.deleted
                return summary
            }, all.count)
        }
    }

    /// Whether the title or the body holds `text`, ignoring case and accents.
    static func note(_ note: Note, contains text: String) -> Bool {
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
        return note.title.range(of: text, options: options) != nil || note.body.range(of: text, options: options) != nil
    }

    func doFindTitle(id: Int64) throws -> String {
        guard let note = try read(id) else { throw try missing(id) }
        return note.title
    }

    func doDeleteNotes(ids: [Int64]) throws {
        // Every id is checked before any note moves: one wrong id deletes nothing.
        var notes: [Note] = []
        for id in ids where !notes.contains(where: { $0.id == id }) {
            guard let note = try read(id) else { throw try missing(id) }
            notes.append(note)
        }
        var deleted: [NoteLink] = []
        defer {
            if !deleted.isEmpty {
                output?.handleNotesDeleted(deleted, kept: keepsTrash)
                doLoadNotes()
            }
        }
        for note in notes {
            do {
                try store.delete(id: note.id)
            } catch {
                throw CommandError("cannot delete note \(note.id): \(error)")
            }
            if !keepsTrash { deletedHere.append(TrashedNote(note: note, deleted: clock())) }
            deleted.append(NoteLink(title: note.title, id: note.id))
        }
    }

    func doUndoDelete() throws {
        guard let last = try trashed().first else {
            throw CommandError("nothing to undo: the trash is empty ('undo' brings back the note deleted last)")
        }
        try doRestore(id: last.note.id)
    }

    func doRestore(id: Int64) throws {
        let restored: Note
        do {
            if let trash = store as? any NoteStoreKeepingTrash {
                guard try trash.trashedNotes().contains(where: { $0.note.id == id }) else {
                    throw CommandError("the trash has no note \(id); 'trash' lists what it holds")
                }
                restored = try trash.restore(id: id)
            } else {
                guard let index = deletedHere.lastIndex(where: { $0.note.id == id }) else {
                    throw CommandError("the trash has no note \(id); 'trash' lists what it holds")
                }
                let note = deletedHere[index].note
                restored = try store.add(NoteDraft(title: note.title, body: note.body))
                deletedHere.remove(at: index)
            }
        } catch let error as CommandError {
            throw error
        } catch {
            throw CommandError("cannot bring note \(id) back: \(error)")
        }
        output?.handleNoteRestored(title: restored.title, id: restored.id)
        // The note is back in the list: show the list it is in.
        if filter == .trash { filter = .all }
        doLoadNotes()
    }

    func doEmptyTrash() throws {
        do {
            if let trash = store as? any NoteStoreKeepingTrash {
                _ = try trash.emptyTrash()
            } else {
                deletedHere = []
            }
        } catch {
            throw CommandError("cannot empty the trash: \(error)")
        }
        doLoadNotes()
    }

    func doShowNote(id: Int64, raw: Bool) throws {
        guard let note = try read(id) else { throw try missing(id) }
        var reading = NoteReading(id: note.id, title: note.title, body: note.body, modified: note.modified,
                                  tags: NoteText.tags(in: note.title + "\n" + note.body))
        let all = (try? store.notes()) ?? []
        reading.links = NoteText.links(in: note.body).map { title in
            NoteLink(title: title, id: all.first { $0.title.caseInsensitiveCompare(title) == .orderedSame }?.id)
        }
        reading.linkedFrom = all.filter { $0.id != note.id && NoteText.links($0.body, to: note.title) }
            .map { NoteLink(title: $0.title, id: $0.id) }
        output?.handleNoteShown(reading, raw: raw)
    }

    func doFindNote(titled title: String) throws -> Int64 {
        let wanted = title.trimmingCharacters(in: CharacterSet(charactersIn: " []"))
        guard !wanted.isEmpty else { throw CommandError("follow needs a note's title, e.g. 'follow Groceries'") }
        let all: [Note]
        do {
            all = try store.notes()
        } catch {
            throw CommandError("cannot read notes: \(error)")
        }
        guard let note = all.first(where: { $0.title.caseInsensitiveCompare(wanted) == .orderedSame }) else {
            throw CommandError("no note is titled '\(wanted)'; 'new \(wanted)' writes it")
        }
        return note.id
    }

    func doCountTags() throws -> [(tag: String, count: Int)] {
        let all: [Note]
        do {
            all = try store.notes()
        } catch {
            throw CommandError("cannot read notes: \(error)")
        }
        var counts: [String: Int] = [:]
        for note in all {
            for tag in NoteText.tags(in: note.title + "\n" + note.body) { counts[tag, default: 0] += 1 }
        }
        return counts.map { (tag: $0.key, count: $0.value) }.sorted { ($0.count, $1.tag) > ($1.count, $0.tag) }
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

    func doImportNotes(from folder: String) throws -> NoteImportReport {
        let path = markdown.resolve(try Self.folderPath(folder, for: "import"))
        let (files, unreadable) = try markdown.markdownFiles(in: path)
        guard !files.isEmpty || !unreadable.isEmpty else {
            throw CommandError("\(path) holds no .md files; give a folder of Markdown files (an export writes one)")
        }
        var report = NoteImportReport(folder: path, failed: unreadable)
        var present: Set<NoteDraft>
        do {
            present = Set(try store.notes().map { NoteDraft(title: $0.title, body: $0.body) })
        } catch {
            throw CommandError("cannot read notes: \(error)")
        }
        for file in files {
            let imported = NoteMarkdown.imported(from: file.text, fileName: String((file.name as NSString).lastPathComponent.dropLast(3)))
            guard !present.contains(imported.draft) else {
                report.alreadyThere.append(file.name)
                continue
            }
            do {
                // The front matter's time, else the file's, is the note's, when the store can keep it.
                let time = imported.modified ?? (file.modified > 0 ? file.modified : nil)
                if let timed = store as? any NoteStoreKeepingTimes, let time {
                    _ = try timed.add(imported.draft, modified: time)
                } else {
                    _ = try store.add(imported.draft)
                }
                present.insert(imported.draft)
                report.imported += 1
            } catch {
                report.failed.append("\(file.name) could not be stored (\(error))")
            }
        }
        doLoadNotes()
        return report
    }

    /// `folder` trimmed; a ``CommandError`` when it is empty.
    private static func folderPath(_ folder: String, for command: String) throws -> String {
        let trimmed = folder.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw CommandError("\(command) needs a folder, e.g. '\(command) ~/notes'") }
        return trimmed
    }

    func doCheckNoteExists(id: Int64) throws {
        // Signed out, the store shows no account's notes: after the sign-in the list says
        // whether the account has note `id`.
        guard isSignedIn else { return }
        guard try read(id) != nil else { throw try missing(id) }
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
        filter = .all
        doLoadNotes()
    }

    // MARK: Private

    private func read(_ id: Int64) throws -> Note? {
        do {
            return try store.note(id: id)
        } catch {
            throw CommandError("cannot read note \(id): \(error)")
        }
    }

    private func trashed() throws -> [TrashedNote] {
        guard let trash = store as? any NoteStoreKeepingTrash else { return deletedHere.reversed() }
        do {
            return try trash.trashedNotes()
        } catch {
            throw CommandError("cannot read the trash: \(error)")
        }
    }

    /// Why there is no note `id`: in the trash, another account's or nobody's, or never written.
    private func missing(_ id: Int64) throws -> CommandError {
        if try trashed().contains(where: { $0.note.id == id }) {
            return CommandError("note \(id) is in the trash; 'restore \(id)' (or 'undo') brings it back")
        }
        guard let user = session.currentUser else {
            return CommandError("nobody is signed in, so no notes are shown; type 'login' to see yours")
        }
        return CommandError("\(user.name) has no note \(id) (each account has its own notes and ids); the list shows yours")
    }

    private func fail(_ message: String) {
        logger.log(.error, message, source: "notes")
        output?.handleFailure(message)
    }

    private static func summary(_ note: Note, showingLineWith words: [String]) -> NoteSummary {
        var summary = summary(note)
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
        let lines = note.body.split(whereSeparator: \.isNewline)
        if let line = lines.first(where: { line in words.contains { line.range(of: $0, options: options) != nil } }) {
            summary = NoteSummary(id: summary.id, title: summary.title, firstLine: String(line), modified: summary.modified, tags: summary.tags)
        }
        return summary
    }

    private static func summary(_ note: Note) -> NoteSummary {
        let firstLine = note.body.split(whereSeparator: \.isNewline)
            .first { !$0.allSatisfy(\.isWhitespace) }
            .map { String($0) } ?? ""
        return NoteSummary(id: note.id, title: note.title, firstLine: firstLine, modified: note.modified,
                           tags: NoteText.tags(in: note.title + "\n" + note.body))
    }
}
