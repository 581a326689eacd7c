import Foundation
import Testing

/// Whole sessions of the built `viper` with the Notes, NoteStorage and Account plugins.
@Suite struct NotesFlowTests {
    @Test func signInWriteANoteQuitAndFindItAgain() throws {
        let session = ViperSession()
        let first = try session.shell([
            "open notes",
            "new Groceries",          // not signed in: Login is presented first
            "signup ada secret",      // ... and the editor opens after the sign-in
            "add milk",
            "add eggs",
            "save",
            "quit",
        ])
        #expect(first.status == 0, "stderr: \(first.stderr)")
        let screens = Screens(first.stdout)
        #expect(screens.breadcrumbs == [
            "Home › Notes",
            "Home › Notes › Sign in (modal)",
            "Home › Notes › Note",
            "Home › Notes › Note",
            "Home › Notes › Note",
            "Home › Notes",
        ])
        #expect(screens.screens[0].contains("  │ Not signed in"))
        #expect(screens.screens[1].contains("Sign in to change notes."))
        let list = screens.last("Home › Notes")
        #expect(list.contains("  │ Signed in as ada"))
        #expect(list.contains("  1. Groceries — milk (modified 2026-12-01 09:00)"))
        #expect(list.contains("Saved 'Groceries'."))

        let second = try session.shell(["open notes", "login", "signin ada secret", "quit"])
        #expect(second.status == 0, "stderr: \(second.stderr)")
        let again = Screens(second.stdout).last("Home › Notes")
        #expect(again.contains("  1. Groceries — milk (modified 2026-12-01 09:00)"))
        #expect(again.contains("  │ Signed in as ada"))
    }

    @Test func editingAnExistingNoteKeepsOneNote() throws {
        let session = ViperSession()
        _ = try session.shell(["open notes", "new Groceries", "signup ada secret", "add milk", "save", "quit"])
        let result = try session.shell([
            "open notes", "edit 1", "signin ada secret", "title Shopping", "body bread", "save", "quit",
        ])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let list = Screens(result.stdout).last("Home › Notes")
        #expect(list.contains("  1. Shopping — bread (modified 2026-12-01 09:00)"))
        #expect(!list.contains { $0.contains("Groceries") })
    }

    @Test func cancellingTheSignInLeavesTheNotesAlone() throws {
        let session = ViperSession()
        let result = try session.shell(["open notes", "new Plans", "cancel", "quit"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let screens = Screens(result.stdout)
        #expect(screens.breadcrumbs.last == "Home › Notes")
        #expect(screens.last("Home › Notes").contains("Not signed in: the notes stay as they are."))
    }

    @Test func aNotesFileThatIsNotADatabaseIsNamedAndKept() throws {
        let session = ViperSession()
        let path = session.dataFolder + "/notes.sqlite"
        let junk = Data("my precious notes, not SQLite\n".utf8) + Data(repeating: 0x2A, count: 4096)
        try junk.write(to: URL(fileURLWithPath: path))
        let result = try session.shell(["open notes", "quit"])
        #expect(result.exitedNormally)
        let list = Screens(result.stdout).last("Home › Notes")
        #expect(list.contains { $0.hasPrefix("error: cannot read notes: \(path): not a valid SQLite database") })
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == junk)
    }

    @Test func withoutTheStoragePluginDoctorNamesTheMissingNoteStore() throws {
        var session = ViperSession()
        try session.useBundle(withPlugins: ["Notes", "Account", "Todo", "Articles"])
        let doctor = try session.run(["doctor"])
        #expect(doctor.status == 1)
        #expect(doctor.stdout.contains("plugin 'notes' is disabled: Contracts.NoteListing requires Contracts.NoteStore, which no plugin provides; install a plugin that provides it"))

        let shell = try session.shell(["open notes", "open todo", "quit"])
        #expect(shell.exitedNormally)
        #expect(shell.stderr.contains("Contracts.NoteStore, which no plugin provides"))
        let errors = shell.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(errors == ["error: cannot open 'notes': plugin 'notes' is disabled: Contracts.NoteListing requires Contracts.NoteStore, which no plugin provides; install a plugin that provides it; type 'doctor' for every problem"],
                "stderr: \(shell.stderr)")
        // The rest of the shell goes on.
        #expect(Screens(shell.stdout).breadcrumbs.last == "Home › To do")
    }
}
