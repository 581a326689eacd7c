@testable import NotesPlugin
import Contracts

/// Records what the editor Interactor reports.
final class SpyNoteEditorInteractorOutput: NoteEditorInteractorOutput {
    private(set) var loaded: [NoteContent] = []
    private(set) var saved: [Note] = []
    private(set) var failures: [String] = []

    func handleNoteLoaded(_ content: NoteContent) { loaded.append(content) }
    func handleNoteSaved(_ note: Note) { saved.append(note) }
    func handleFailure(_ message: String) { failures.append(message) }
}
