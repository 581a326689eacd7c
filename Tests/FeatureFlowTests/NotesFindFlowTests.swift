import Testing

/// Whole sessions of the built `viper` with the Notes plugin: finding notes by
/// text, when each was modified, and the editor asking before unsaved text is lost.
@Suite struct NotesFindFlowTests {
    @Test func findListsTheNotesWithEveryWordUnderTheirIds() throws {
        let result = try ViperSession().shell([
            "open notes", "new Groceries", "signup ada secret", "add milk", "save",
            "new Ideas", "add a boat", "save", "new Sunday", "add I run early, then rest", "save",
            "find MILK", "find run early", "find", "quit",
        ])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let screens = Screens(result.stdout).screens.filter { $0.first?.hasPrefix("── Home › Notes ─") == true }
        let milk = screens.dropLast(2).last ?? []
        #expect(milk.contains("1 note with every word of 'MILK', best match first. Type 'find' to list every note."), "\(milk)")
        #expect(milk.contains("  1. Groceries — milk (modified 2026-12-01 09:00)"))
        #expect(!milk.contains { $0.contains("Ideas") })
        let words = screens.dropLast().last ?? []
        #expect(words.contains("  3. Sunday — I run early, then rest (modified 2026-12-01 09:00)"), "words, not a phrase: \(words)")
        #expect(screens.last?.contains("  1. Groceries — milk (modified 2026-12-01 09:00)") == true, "the id stays 1 in every list")
    }

    @Test func findWhileNobodyIsSignedInSaysToSignIn() throws {
        let session = ViperSession()
        _ = try session.shell(["open notes", "new Groceries", "signup ada secret", "add milk", "save", "quit"])
        let result = try session.run(["-c", "open notes; find milk"])
        #expect(result.status == 1)
        #expect(result.stderr == "error: nobody is signed in, so there are no notes to search; sign in first: 'login', then 'signin NAME' (add '--stay' to stay signed in for later runs)\n")
    }

    @Test func theEditorSaysWhatIsUnsavedAndAsksBeforeDroppingIt() throws {
        let result = try ViperSession().shell([
            "open notes", "new Plans", "signup ada secret", "add go north", "close", "close", "quit",
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: the title and the text (1 line) would be lost; type 'save' to keep the changes, or 'cancel' again to drop them"))
        let screens = Screens(result.stdout)
        #expect(screens.last("Home › Notes › Note").contains("Unsaved: the title and the text (1 line). 'save' keeps the changes; 'cancel' (or 'close') asks before dropping them."))
        #expect(screens.last("Home › Notes").contains("Closed the editor without saving."))
    }
}
