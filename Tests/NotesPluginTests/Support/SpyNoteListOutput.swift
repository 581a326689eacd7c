@testable import NotesPlugin

/// Records what the list Interactor reports.
final class SpyNoteListOutput: NoteListInteractorOutput {
    private(set) var loads: [[NoteSummary]] = []
    private(set) var deleted: [String] = []
    private(set) var failures: [String] = []

    func handleNotesLoaded(_ notes: [NoteSummary]) { loads.append(notes) }
    func handleNoteDeleted(title: String) { deleted.append(title) }
    func handleFailure(_ message: String) { failures.append(message) }
}
