import Contracts

/// The list's use cases over the injected ``NoteStore`` and ``Session``.
final class NoteListInteractor: NoteListInteracting {
    weak var output: (any NoteListInteractorOutput)?
    private let store: any NoteStore
    private let session: any Session
    private let logger: any Logger

    init(store: any NoteStore, session: any Session, logger: any Logger) {
        self.store = store
        self.session = session
        self.logger = logger
    }

    var isSignedIn: Bool { session.currentUser != nil }

    func doLoadNotes() {
        do {
            let notes = try store.notes()
            output?.handleNotesLoaded(notes.map(Self.summary))
        } catch {
            fail("cannot read notes: \(error)")
        }
    }

    func doDeleteNote(id: Int64) {
        do {
            let title = try store.note(id: id)?.title
            try store.delete(id: id)
            output?.handleNoteDeleted(title: title ?? "")
            doLoadNotes()
        } catch {
            fail("cannot delete the note: \(error)")
        }
    }

    func doSignOut() {
        session.signOut()
    }

    private func fail(_ message: String) {
        logger.log(.error, message, source: "notes")
        output?.handleFailure(message)
    }

    private static func summary(_ note: Note) -> NoteSummary {
        let firstLine = note.body.split(whereSeparator: \.isNewline)
            .first { !$0.allSatisfy(\.isWhitespace) }
            .map { String($0) } ?? ""
        return NoteSummary(id: note.id, title: note.title, firstLine: firstLine)
    }
}
