@testable import NotesPlugin

/// Records what the list Interactor reports.
final class SpyNoteListOutput: NoteListInteractorOutput {
    private(set) var loads: [[NoteSummary]] = []
    private(set) var deleted: [String] = []
    private(set) var failures: [String] = []

    private(set) var searches: [String?] = []
    /// "signed out" or "nobody signed in", in order.
    private(set) var signOuts: [String] = []

    func handleNotesLoaded(_ notes: [NoteSummary], search: String?) {
        loads.append(notes)
        searches.append(search)
    }
    func handleNoteDeleted(title: String) { deleted.append(title) }
    private(set) var restored: [String] = []
    func handleNoteRestored(title: String) { restored.append(title) }
    private(set) var shown: [NoteReading] = []
    func handleNoteShown(_ note: NoteReading) { shown.append(note) }
    private(set) var transfers: [String] = []
    func handleNotesExported(count: Int, folder: String) { transfers.append("exported \(count) to \(folder)") }
    func handleNotesImported(count: Int, folder: String) { transfers.append("imported \(count) from \(folder)") }
    func handleSignedOut() { signOuts.append("signed out") }
    func handleNobodySignedIn() { signOuts.append("nobody signed in") }
    func handleFailure(_ message: String) { failures.append(message) }
}
