import ConformanceKit
import Contracts

/// Records what the editor tells the module that opened it.
final class SpyNoteEditingOutput: NoteEditingOutput {
    let log: EventLog
    private(set) var saved: [Note] = []

    init(log: EventLog) {
        self.log = log
    }

    func noteEditorDidSave(_ note: Note) {
        log.record("saved \(note.title)")
        saved.append(note)
    }

    func noteEditorDidCancel() {
        log.record("cancelled")
    }
}
