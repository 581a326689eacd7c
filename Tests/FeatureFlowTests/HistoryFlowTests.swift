import Foundation
import Testing
import ViperTestSupport

/// The history file of the interactive shell, on a pseudo-terminal
/// (python3 + pexpect drive Tests/Fixtures/Data/history_session.py). A history file that
/// is a FIFO is skipped with a warning (readline would block on it forever); no password
/// reaches the file, however the sign-in came up: from the notes list's `new`, `edit` and
/// `delete`, from the login route, or typed at a screen that has no `signin`.
@Suite struct HistoryFlowTests {
    static var pexpectAvailable: Bool {
        (try? Subprocess.tool(["python3", "-c", "import pexpect"]))?.status == 0
    }

    @Test(.enabled(if: pexpectAvailable, "needs python3 with pexpect"))
    func aHistoryFileThatIsAFIFOIsSkippedWithAWarning() throws {
        let session = ViperSession()
        #expect(mkfifo(session.dataFolder + "/history", 0o600) == 0)
        let result = try Self.drive(session, check: "fifo")
        #expect(result == "ok\n", "\(result)")
    }

    @Test(.enabled(if: pexpectAvailable, "needs python3 with pexpect"))
    func noPasswordReachesTheHistoryFileWhereverTheSignInCameUp() throws {
        let session = ViperSession()
        let result = try Self.drive(session, check: "secrets")
        #expect(result == "ok\n", "\(result)")
    }

    static func drive(_ session: ViperSession, check: String) throws -> String {
        try Subprocess.tool(["python3", BuildProducts.repository + "/Tests/Fixtures/Data/history_session.py",
                             session.executable, session.dataFolder, check]).stdout
    }
}
