import ConformanceKit
@testable import NotesPlugin

/// Records when the editor closes itself.
final class SpyNoteEditorRouter: NoteEditorRouting {
    let log: EventLog

    init(log: EventLog) {
        self.log = log
    }

    func close() {
        log.record("close")
    }
}
