import Testing

/// Whole sessions of the built `viper` with the Notes plugin: finding notes by
/// text, when each was modified, and the editor asking before unsaved text is lost.
@Suite struct NotesFindFlowTests {
    @Test func findListsTheMatchingNotesWithWhenEachWasModified() throws {
        let result = try ViperSession().shell([
            "open notes", "new Groceries", "signup ada secret", "add milk", "save",
            "new Ideas", "add a boat", "save", "find MILK", "find", "quit",
        ])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let screens = Screens(result.stdout).screens.filter { $0.first?.hasPrefix("── Home › Notes ─") == true }
        let found = screens.dropLast().last ?? []
        #expect(found.contains("1 note with 'MILK'. Type 'find' to list every note."))
        #expect(found.contains("  1. Groceries — milk (modified 2026-12-01 09:00)"))
        #expect(!found.contains { $0.contains("Ideas") })
        #expect(screens.last?.contains("  2. Groceries — milk (modified 2026-12-01 09:00)") == true)
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
