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
        let result = try session.shell(["open notes", "new Groceries", "signin ada secret", "add milk", "editor", "save", "show 1", "quit"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let screens = Screens(result.stdout)
        #expect(screens.last("Home › Notes › Note").contains("eggs"))
        let list = screens.last("Home › Notes")
        #expect(list.contains("Groceries"))
        let heading = list.firstIndex(of: "Groceries")
        #expect(heading.map { Array(list[($0 + 2)...].prefix(3)) } == ["milk", "eggs", "bread"])
    }

    @Test func anEditorThatFailsLeavesTheBodyAndSaysSo() throws {
        var session = ViperSession()
        session.environment["VISUAL"] = "false"
        let result = try session.shell(["open notes", "new Plans", "signin ada secret", "add pack", "editor", "save", "quit"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: the editor 'false' exited with status 1; the note is as it was"))
        #expect(Screens(result.stdout).last("Home › Notes").contains("  1. Plans — pack (modified 2026-12-01 09:00)"))
    }
}
