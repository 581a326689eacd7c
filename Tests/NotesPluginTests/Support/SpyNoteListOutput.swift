@testable import NotesPlugin

/// Records what the list Interactor reports.
final class SpyNoteListOutput: NoteListInteractorOutput {
    private(set) var loads: [[NoteSummary]] = []
    private(set) var filters: [NoteListFilter] = []
    private(set) var deleted: [String] = []
    private(set) var restored: [String] = []
    private(set) var shown: [NoteReading] = []
    private(set) var transfers: [String] = []
    private(set) var failures: [String] = []
    /// "signed out" or "nobody signed in", in order.
    private(set) var signOuts: [String] = []

    private(set) var totals: [Int] = []

    func handleNotesLoaded(_ notes: [NoteSummary], filter: NoteListFilter, total: Int) {
        totals.append(total)
        loads.append(notes)
        filters.append(filter)
    }
    func handleNotesDeleted(_ notes: [NoteLink], kept: Bool) {
        deleted += notes.map { "\($0.id ?? 0) \($0.title)\(kept ? " (trash)" : "")" }
    }
    func handleNoteRestored(title: String, id: Int64) { restored.append("\(id) \(title)") }
    func handleNoteShown(_ note: NoteReading, raw: Bool) { shown.append(note) }
    func handleNotesExported(count: Int, folder: String) { transfers.append("exported \(count) to \(folder)") }
    func handleSignedOut() { signOuts.append("signed out") }
    func handleNobodySignedIn() { signOuts.append("nobody signed in") }
    func handleFailure(_ message: String) { failures.append(message) }
}
