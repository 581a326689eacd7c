import Foundation
import Testing

/// A script (piped or `-c`) that ends, or quits, while the note editor holds unsaved
/// text: the work is lost with the process, so the script says what and exits 1, unless
/// it asked for that (`quit!`, `--yes`). Through the built `viper` with the bundled plugins.
@Suite struct ScriptEndWithUnsavedWorkTests {
    private let editing = ["open notes", "new Plans", "signup ada secret", "add milk"]
    private let lostLine = "error: the input ended with unsaved work (Note: the title and the text (1 line)), lost as viper exits; "
        + "end the script with 'save', or with 'quit!' to drop it on purpose, or run it with --yes\n"

    private func run(_ lines: [String], _ arguments: [String] = []) throws -> ViperProcess.Result {
        var process = ViperProcess()
        process.environment["VIPER_NOW"] = "2026-12-01T09:00:00Z"
        return try process.run(arguments, input: lines.map { $0 + "\n" }.joined())
    }

    @Test func inputThatEndsWithUnsavedTextSaysWhatIsLostAndExits1() throws {
        let result = try run(editing)
        #expect(result.status == 1)
        #expect(result.stderr == lostLine)
    }

    @Test func quitWithUnsavedTextFailsAndTheEndOfInputReportsTheLoss() throws {
        let result = try run(editing + ["quit"])
        #expect(result.status == 1)
        #expect(result.stderr == "error: 'quit' would lose unsaved work (Note: the title and the text (1 line)); the session goes on: "
                + "save it first, or type 'quit!' to drop it\n" + lostLine)
    }

    @Test func quitBangDropsTheTextOnPurpose() throws {
        let result = try run(editing + ["quit!"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
    }

    @Test func yesDropsTheTextAtTheEndOfInput() throws {
        let result = try run(editing, ["--yes"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
    }

    @Test func savedWorkEndsTheScriptCleanly() throws {
        let result = try run(editing + ["save"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
    }

    @Test func aCommandLineScriptIsJudgedTheSameWay() throws {
        let result = try ViperProcess().run(["-c", editing.joined(separator: "; ")])
        #expect(result.status == 1)
        #expect(result.stderr == lostLine)
    }
}
