import Contracts

extension ContractSuite {
    /// What every ``NoteEditing`` module promises, whoever provides it: configured
    /// with a stored note it shows that note; started on a new note and saved with
    /// its `save` command, it stores the note and reports it through its output.
    ///
    /// Needs a ``NoteStore`` among the services (`viper check` uses the bundled
    /// storage plugin; tests register an in-memory store). A person edits notes signed in
    /// (the account plugin guards the editor's routes), so with a ``Session`` among the
    /// services the suite signs a check account in first.
    public static let noteEditing = ContractSuite(for: NoteEditing.self, checks: [
        ModuleCheck("shows-configured-note") { harness in
            signIn(harness)
            let store = try noteStore(harness)
            let note = try store.add(NoteDraft(title: "Conformance check note", body: "First line of the body"))
            let module = try harness.build()
            try module.input(as: NoteEditing.self).edit(noteID: note.id)
            let screen = module.appear()
            try CheckFailure.unless(screen.shows(note.title) && screen.shows(note.body),
                expected: "edit(noteID:) of a stored note to show its title '\(note.title)' and body '\(note.body)'",
                happened: SuiteSupport.drew(screen))
            try CheckFailure.unless(screen.errors.isEmpty,
                expected: "a stored note to be shown without an error",
                happened: "it drew the error '\(screen.errors.joined(separator: "; "))'")
        },
        ModuleCheck("save-reports-to-output") { harness in
            signIn(harness)
            let store = try noteStore(harness)
            let before = try store.notes().count
            let output = NoteEditingOutputSpy()
            let module = try harness.build()
            let editor = try module.input(as: NoteEditing.self)
            editor.output = output
            editor.startNewNote(title: "Saved by the conformance check")
            module.appear()
            do {
                try module.perform("save")
            } catch {
                throw CheckFailure(expected: "'save' after startNewNote(title:) to be accepted", happened: "it threw: \(error)")
            }
            try CheckFailure.unless(!output.saved.isEmpty,
                expected: "noteEditorDidSave(_:) after 'save'", happened: "the editor never called its output",
                fix: "report every save through output")
            try CheckFailure.unless(output.saved.last?.title == "Saved by the conformance check",
                expected: "a save of the note it was started with ('Saved by the conformance check')",
                happened: "it reported a save of '\(output.saved.last?.title ?? "")'")
            try CheckFailure.unless(try store.notes().count == before + 1,
                expected: "the saved note in the NoteStore", happened: "the store holds no new note",
                fix: "save through the NoteStore")
            withExtendedLifetime(output) {}
        },
    ])

    /// Signs the check's account in when a ``Session`` is there and nobody is signed in.
    private static func signIn(_ harness: ModuleHarness) {
        guard let session = try? harness.services.resolve(Session.self), session.currentUser == nil else { return }
        _ = try? session.signIn(name: "conformance-check", password: "conformance-check-password")
    }

    private static func noteStore(_ harness: ModuleHarness) throws -> any NoteStore {
        do {
            return try harness.services.resolve(NoteStore.self)
        } catch {
            throw CheckFailure("this suite needs a NoteStore to put a note in place: \(error)")
        }
    }
}
