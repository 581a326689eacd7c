import Foundation
import Testing
import ViperTestSupport

/// Restored work keeps its owner: after a plugin crash, a SIGKILL of the worker, or both processes
/// killed and `recover`, the note editor saves as the account that was writing (its sign-in is
/// carried in the journal with the work), so the note is ada's, never nobody's for the next account
/// to take, and an edited note is saved to itself.
@Suite struct RestoredOwnerTests {
    /// A plugin's crash, and a SIGKILL of the worker from outside (the worker cannot kill itself:
    /// its plugin's command prints the worker's process id and waits, and the test kills it).
    static let faults = ["fault trap", "killed from outside"]

    /// Runs `before`, then `fault` (which ends the worker), then `after`, in a piped session.
    static func session(_ viper: ViperProcess, before: [String], fault: String, after: [String]) throws -> Subprocess.Result {
        guard fault == "killed from outside" else {
            return try viper.run(["--plugins", try Fixtures.fault(), "--yes"], input: (before + [fault] + after).joined(separator: "\n") + "\n")
        }
        let running = try RunningViper(arguments: ["--plugins", try Fixtures.fault(), "--yes"], environment: viper.environment)
        running.send(before + ["fault wait-for-kill"])
        try running.waitFor("worker pid ")
        let printed = running.printed
        let tail = try #require(printed.range(of: "worker pid ").map { printed[$0.upperBound...] })
        let worker = try #require(pid_t(tail.prefix { $0.isNumber }))
        #expect(kill(worker, SIGKILL) == 0)
        #expect(running.wait(seconds: 60) { running.standardError.contains("restored: ") }, "\(running.standardError)")
        // No plugin is blamed for a kill from outside, so the fault module is restored too: back to the editor.
        running.send(["back"] + after)
        let (status, stderr) = try running.finish()
        return Subprocess.Result(status: status ?? -1, stdout: running.printed, stderr: stderr)
    }

    /// What `account` sees in its list, signed in with `password`.
    static func list(of account: String, password: String, in viper: ViperProcess, signUp: Bool = false) throws -> String {
        let sign = signUp ? "signup" : "signin"
        let result = try viper.run(["-c", "open notes; login; \(sign) \(account) \(password); find"])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.components(separatedBy: "── Home › Notes ──").last ?? ""
    }

    @Test(arguments: faults)
    func aNewNoteSavedAfterTheRestoreIsTheWritersAndNoOneElseTakesIt(_ fault: String) throws {
        let viper = ViperProcess()
        let result = try Self.session(
            viper, before: ["open notes", "new Draft", "signup ada secret", "add first line", "open fault"], fault: fault,
            after: ["save", "where"])
        #expect(result.stdout.hasSuffix("Home › Notes\n"), "the save closed the editor: \(result.stdout.suffix(800))\n\(result.stderr)")
        #expect(SupervisedScriptTests.errorLines(result.stderr).count == 1, "only the faulting command failed: \(result.stderr)")
        #expect(result.status == 1)
        #expect(try Self.list(of: "bob", password: "hunter22", in: viper, signUp: true).contains("Draft") == false,
                "the next account to sign in must not take ada's note")
        #expect(try Self.list(of: "ada", password: "secret", in: viper).contains("1. Draft — first line"))
    }

    @Test(arguments: faults)
    func aRestoredEditorOfAStoredNoteSavesToIt(_ fault: String) throws {
        let viper = ViperProcess()
        let result = try Self.session(
            viper, before: ["open notes", "new Old", "signup ada secret", "add v1", "save", "edit 1", "add v2", "open fault"], fault: fault,
            after: ["save", "where"])
        #expect(result.stdout.hasSuffix("Home › Notes\n"), "the save closed the editor: \(result.stdout.suffix(800))\n\(result.stderr)")
        #expect(SupervisedScriptTests.errorLines(result.stderr).count == 1, "only the faulting command failed: \(result.stderr)")
        let shown = try viper.run(["-c", "open notes; login; signin ada secret; show 1 --raw"])
        #expect(shown.stdout.contains("\nv1\nv2\n\nCommands: "), "\(shown.stdout.suffix(500))")
        #expect(try Self.list(of: "ada", password: "secret", in: viper).components(separatedBy: "Old").count == 2,
                "one note, not a copy")
    }

    @Test(.enabled(if: SupervisedTerminalTests.pexpectAvailable, "needs python3 with pexpect"))
    func workRecoveredAfterBothProcessesDiedIsSavedAsTheWriter() throws {
        let viper = ViperProcess()
        let result = try FixtureCompiler.run([
            "python3", BuildProducts.repository + "/Tests/Fixtures/Supervision/owner_recovery_session.py",
            BuildProducts.viper, viper.dataFolder,
        ])
        #expect(result.output == "ok\n", "\(result.output)")
        #expect(try Self.list(of: "bob", password: "hunter22", in: viper, signUp: true).contains("Old") == false)
        let shown = try viper.run(["-c", "open notes; login; signin ada secret; show 1 --raw"])
        #expect(shown.stdout.contains("v1\nv2 after the kill\n"), "\(shown.stdout.suffix(500))")
    }
}
