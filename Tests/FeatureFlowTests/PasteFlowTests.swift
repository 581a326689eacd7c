import Foundation
import Testing
import ViperTestSupport

/// Pasting on a pseudo-terminal (python3 + pexpect drive Tests/Fixtures/Data/paste_session.py):
/// a paste of several lines is text for the note editor and never runs as commands
/// elsewhere; `delete` asks at a terminal, and 'n' keeps the note.
@Suite struct PasteFlowTests {
    static var pexpectAvailable: Bool {
        (try? Subprocess.tool(["python3", "-c", "import pexpect"]))?.status == 0
    }

    @Test(.enabled(if: pexpectAvailable, "needs python3 with pexpect"))
    func aMultiLinePasteIsTextInTheEditorAndRunsNothingAtTheList() throws {
        let result = try Self.drive(ViperSession(), check: "paste")
        #expect(result == "ok\n", "\(result)")
    }

    @Test(.enabled(if: pexpectAvailable, "needs python3 with pexpect"))
    func deleteAsksAtATerminalAndNoKeepsTheNote() throws {
        let result = try Self.drive(ViperSession(), check: "delete")
        #expect(result == "ok\n", "\(result)")
    }

    static func drive(_ session: ViperSession, check: String) throws -> String {
        try Subprocess.tool(["python3", BuildProducts.repository + "/Tests/Fixtures/Data/paste_session.py",
                             session.executable, session.dataFolder, check]).stdout
    }
}
