import Foundation
import Testing

/// Notes written and read as a person keeps them, through the built `viper`: the body written
/// in `$EDITOR`, and a whole note read with `show N`.
@Suite struct NotesKeepingFlowTests {
    /// An "editor" that appends two lines to the file it is given, as a person would type them.
    private func appendingEditor(in session: ViperSession) throws -> String {
        let path = session.home + "/append-editor.sh"
        try "#!/bin/sh\nprintf 'eggs\\nbread\\n' >> \"$1\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path)
        return path
    }

    @Test func theBodyWrittenInTheEditorComesBackUnsavedAndSaveKeepsIt() throws {
        var session = ViperSession()
        session.environment["EDITOR"] = try appendingEditor(in: session)
        session.environment.removeValue(forKey: "VISUAL")
        let result = try session.shell(["open notes", "new Groceries", "signup ada secret", "add milk", "editor", "save", "show 1", "quit"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let screens = Screens(result.stdout)
        #expect(screens.last("Home › Notes › Note").contains("eggs"))
        let list = screens.last("Home › Notes")
        #expect(list.contains("Groceries"))
        let heading = list.firstIndex(of: "Groceries")
        #expect(heading.map { Array(list[($0 + 3)...].prefix(3)) } == ["milk", "eggs", "bread"], "after the Note and Modified fields")
    }

    @Test func anEditorThatFailsLeavesTheBodyAndSaysSo() throws {
        var session = ViperSession()
        session.environment["VISUAL"] = "false"
        let result = try session.shell(["open notes", "new Plans", "signup ada secret", "add pack", "editor", "save", "quit"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: the editor 'false' exited with status 1; the note is as it was"))
        #expect(Screens(result.stdout).last("Home › Notes").contains("  1. Plans — pack (modified 2026-12-01 09:00)"))
    }

    @Test func exportedNotesAreMarkdownFilesThatAnotherDataFolderImports() throws {
        let session = ViperSession()
        let folder = session.home + "/exported"
        let first = try session.shell(["open notes", "new Groceries", "signup ada secret", "add milk", "save", "export \(folder)", "quit"])
        #expect(first.status == 0, "stderr: \(first.stderr)")
        #expect(Screens(first.stdout).last("Home › Notes").contains("Exported 1 note to \(folder), one Markdown file each."))
        #expect(try String(contentsOfFile: folder + "/groceries.md", encoding: .utf8) == "# Groceries\n\nmilk\n")
        let modified = try FileManager.default.attributesOfItem(atPath: folder + "/groceries.md")[.modificationDate] as? Date
        #expect(modified == Date(timeIntervalSince1970: 1_796_115_600), "the note's modified time, 2026-12-01 09:00 UTC")

        var other = ViperSession()
        other.environment["HOME"] = session.home
        let second = try other.shell(["open notes", "import \(folder)", "signup bob secret", "quit"])
        #expect(second.status == 0, "stderr: \(second.stderr)")
        let list = Screens(second.stdout).last("Home › Notes")
        #expect(list.contains("  1. Groceries — milk (modified 2026-12-01 09:00)"))
        #expect(list.contains("Imported 1 note from \(folder)."))
    }
}
