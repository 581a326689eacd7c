import Foundation
import Testing
import ViperTestSupport

/// The interactive shell on a pseudo-terminal, driven by python3 + pexpect
/// (Tests/Fixtures/Navigation/tty_session.py): Tab completion, line editing,
/// colour, and history across two runs.
@Suite struct ShellTerminalTests {
    static var pexpectAvailable: Bool {
        (try? FixtureCompiler.run(["python3", "-c", "import pexpect"]).status) == 0
    }

    @Test(.enabled(if: pexpectAvailable, "needs python3 with pexpect"))
    func aPersonAtATerminalGetsCompletionEditingColourAndHistory() throws {
        let process = ShellProcess()
        let result = try FixtureCompiler.run([
            "python3", BuildProducts.repository + "/Tests/Fixtures/Navigation/tty_session.py",
            try ShellProcess.executable.get(), process.dataFolder, try InboxFixture.library(),
        ])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output == "ok\n")
    }

    @Test(.enabled(if: pexpectAvailable, "needs python3 with pexpect"))
    func aPersonIsAskedBeforeBackDropsUnsavedTextAndTheAnswerIsNotKept() throws {
        let process = ShellProcess()
        let result = try FixtureCompiler.run([
            "python3", BuildProducts.repository + "/Tests/Fixtures/Navigation/unsaved_session.py",
            BuildProducts.viper, process.dataFolder,
        ])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output == "ok\n")
    }

    @Test(.enabled(if: pexpectAvailable, "needs python3 with pexpect"))
    func ctrlDAndQuitAskBeforeUnsavedTextIsLostAndNoKeepsTheSession() throws {
        let process = ShellProcess()
        let result = try FixtureCompiler.run([
            "python3", BuildProducts.repository + "/Tests/Fixtures/Navigation/unsaved_quit.py",
            BuildProducts.viper, process.dataFolder,
        ])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output == "ok\n")
    }
}
