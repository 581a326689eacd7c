import Contracts

extension ContractSuite {
    /// What every ``NoteListing`` module promises (see its doc comment): with no
    /// notes it shows its empty state; it lists every note in the store's order
    /// (newest first); `reloadNotes()` shows notes added and deleted since.
    ///
    /// Needs a ``NoteStore`` among the services, and deletes every note in it first.
    public static let noteListing = ContractSuite(for: NoteListing.self, checks: [
        ModuleCheck("shows-empty-state-without-notes", run: NoteListingChecks.emptyState),
        ModuleCheck("lists-notes-newest-first", run: NoteListingChecks.order),
        ModuleCheck("reload-shows-changes", run: NoteListingChecks.reload),
    ])
}

/// The checks of ``ContractSuite/noteListing``.
enum NoteListingChecks {
    static func emptyState(_ harness: ModuleHarness) throws {
        _ = try emptied(harness)
        let screen = try harness.build().appear()
        try CheckFailure.unless(screen.calls.contains { if case .empty = $0 { return true } else { return false } },
            expected: "with no notes, an empty state (screen.empty)", happened: SuiteSupport.drew(screen))
    }

    static func order(_ harness: ModuleHarness) throws {
        let store = try emptied(harness)
        _ = try store.add(NoteDraft(title: "Listed second (older)", body: ""))
        _ = try store.add(NoteDraft(title: "Listed first (newer)", body: ""))
        let screen = try harness.build().appear()
        let transcript = screen.transcript
        guard let newer = transcript.range(of: "Listed first (newer)"), let older = transcript.range(of: "Listed second (older)") else {
            throw CheckFailure(expected: "both stored notes listed", happened: SuiteSupport.drew(screen))
        }
        try CheckFailure.unless(newer.lowerBound < older.lowerBound,
            expected: "notes in the store's order, newest first", happened: "the older note came first:\n\(transcript)")
    }

    static func reload(_ harness: ModuleHarness) throws {
        let store = try emptied(harness)
        let module = try harness.build()
        let listing = try module.input(as: NoteListing.self)
        module.appear()
        let note = try store.add(NoteDraft(title: "Added while listed", body: ""))
        listing.reloadNotes()
        let added = module.render()
        try CheckFailure.unless(added.shows(note.title),
            expected: "reloadNotes() to show a note added since", happened: SuiteSupport.drew(added))
        try store.delete(id: note.id)
        listing.reloadNotes()
        let deleted = module.render()
        try CheckFailure.unless(!deleted.shows(note.title),
            expected: "reloadNotes() to drop a note deleted since", happened: SuiteSupport.drew(deleted))
    }

    private static func emptied(_ harness: ModuleHarness) throws -> any NoteStore {
        let store = try SuiteSupport.required(NoteStore.self, harness)
        for note in try store.notes() { try store.delete(id: note.id) }
        return store
    }
}
