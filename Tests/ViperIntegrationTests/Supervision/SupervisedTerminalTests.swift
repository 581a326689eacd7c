import Foundation
import Testing
import ViperTestSupport

/// Supervised sessions on a pseudo-terminal (python3 + pexpect, Tests/Fixtures/Supervision/supervised_session.py):
/// for each way a plugin can fault, with the note editor holding unsaved text below it, the person
/// sees one line naming the plugin and the cause, the breadcrumb and the text come back, no
/// backtracer holds the screen, and line editing and history work afterwards; `quit!` exits 0.
@Suite struct SupervisedTerminalTests {
    static var pexpectAvailable: Bool {
        (try? FixtureCompiler.run(["python3", "-c", "import pexpect"]).status) == 0
    }

    /// The fault's name for the script, and what the line says after the plugin's name.
    static let faults: [(kind: String, says: String)] = [
        ("trap", SupervisedScriptTests.trap),
        ("nil", SupervisedScriptTests.unwrap),
        ("pointer", "crashed (SIGSEGV: a bad memory access)"),
        ("abort", "crashed (SIGABRT: abort)"),
        ("exit", "ended viper's worker with exit(0)"),
        ("_exit", "ended viper's worker with _exit(0)"),
        ("thread", SupervisedScriptTests.threadTrap),
        ("render-exit", "ended viper's worker with exit(0)"),
        ("render-_exit", "ended viper's worker with _exit(0)"),
        ("title-exit", "ended viper's worker with exit(0)"),
        ("title-trap", SupervisedScriptTests.titleTrap),
        ("hang", "was stopped with Ctrl-C"),
        ("deaf-hang", "was stopped with Ctrl-C"),
    ]

    @Test(.enabled(if: pexpectAvailable, "needs python3 with pexpect"), arguments: faults.map(\.kind))
    func aPersonAtATerminalKeepsTheScreenTheTextAndLineEditing(_ kind: String) throws {
        let says = try #require(Self.faults.first { $0.kind == kind }?.says)
        let viper = ViperProcess()
        let result = try FixtureCompiler.run([
            "python3", BuildProducts.repository + "/Tests/Fixtures/Supervision/supervised_session.py",
            BuildProducts.viper, viper.dataFolder, try Fixtures.fault(), kind, says,
        ])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output == "ok\n")
    }

    @Test(.enabled(if: pexpectAvailable, "needs python3 with pexpect"))
    func aPluginCannotHandTheTerminalToAnotherProcessGroup() throws {
        try drive("terminal_refusal.py", withFault: true, ["take-terminal", "giving the terminal to another process group"])
    }

    @Test(.enabled(if: pexpectAvailable, "needs python3 with pexpect"))
    func aPluginCannotTypeIntoTheTerminal() throws {
        try drive("terminal_refusal.py", withFault: true, ["type-quit", "typing into the terminal"])
    }

    /// Root's ways with the terminal (an account's are refused by the kernel too): a child in a
    /// new session that takes it for its own (Ctrl-C would no longer reach viper), and a hang-up
    /// (SIGHUP to viper and to the person's shell).
    @Test(.enabled(if: pexpectAvailable, "needs python3 with pexpect"), arguments: [
        ("steal-terminal", "taking the terminal for its own session"), ("hang-up-terminal", "hanging up the terminal"),
    ])
    func aPluginCannotTakeTheTerminalFromThePersonsSessionOrHangItUp(_ fault: String, _ what: String) throws {
        try drive("terminal_refusal.py", withFault: true, [fault, what])
    }

    /// Terminal modes a plugin left changed, the worker moved by a plugin out of the terminal's
    /// foreground process group, and its standard input or output closed.
    @Test(.enabled(if: pexpectAvailable, "needs python3 with pexpect"), arguments: [
        ("quiet-terminal", "the terminal's signal characters are off"), ("own-group", "left viper's process group"),
        ("close-input", "took standard input away"), ("close-output", "closed standard output"),
    ])
    func terminalStateAPluginLeftChangedIsNotTheNextCommands(_ fault: String, _ says: String) throws {
        try drive("terminal_state.py", withFault: true, [fault, says])
    }

    @Test(.enabled(if: pexpectAvailable, "needs python3 with pexpect"))
    func aJournalMadeAFIFOByAPluginDoesNotHoldUpTheNextStart() throws {
        try drive("journal_trap.py", withFault: true)
    }

    @Test(.enabled(if: pexpectAvailable, "needs python3 with pexpect"))
    func ctrlCOnAQuickCommandEndsViperAsBeforeAndTheNextStartOffersTheText() throws {
        try drive("interrupt_session.py", withFault: true)
    }

    @Test(.enabled(if: pexpectAvailable, "needs python3 with pexpect"))
    func workLeftWhenBothProcessesDiedIsOfferedAtTheNextStartAndRecovered() throws {
        try drive("recovery_session.py", withFault: false)
    }

    @Test(.enabled(if: pexpectAvailable, "needs python3 with pexpect"))
    func theRecoveryQuestionTakesEnterOnATerminalAKilledSessionLeftRaw() throws {
        try drive("recovery_same_terminal.py", withFault: false)
    }

    /// Runs the pexpect driver `script` (in Tests/Fixtures/Supervision) against the built viper
    /// and a fresh data folder, with the fault fixture's folder when `withFault`, then `arguments`;
    /// it prints `ok`.
    private func drive(_ script: String, withFault: Bool, _ arguments: [String] = []) throws {
        let viper = ViperProcess()
        let result = try FixtureCompiler.run(
            ["python3", BuildProducts.repository + "/Tests/Fixtures/Supervision/" + script, BuildProducts.viper, viper.dataFolder]
                + (withFault ? [try Fixtures.fault()] : []) + arguments)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output == "ok\n")
    }
}
