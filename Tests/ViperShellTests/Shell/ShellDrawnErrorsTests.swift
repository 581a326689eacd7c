import Contracts
import Testing
import ViperCoreTestSupport
@testable import ViperRuntime
@testable import ViperShell

/// The `error` lines a module draws (a feed that failed while its list opened): in a script they
/// fail the command, under `--plain`/`--json` they go to standard error only, and a command that
/// threw after changing its module's drawing gets the screen drawn again.
@Suite struct ShellDrawnErrorsTests {
    /// A shell whose List module has `fail TEXT` (draws an error line and succeeds), `clear`
    /// (drops it), `say TEXT` (adds a row) and `half TEXT` (draws an error line, then throws).
    private func shell(plain: Bool, scripted: Bool) -> FakeShell {
        let fake = FakeShell()
        fake.shell.plain = plain
        fake.shell.failsOnDrawnErrors = scripted
        fake.app.list.wire = { presenter, view, _ in
            view.commands = [
                CommandSpec("fail", arguments: ["TEXT..."], help: "Draw an error line"),
                CommandSpec("clear", help: "Draw no error line"),
                CommandSpec("say", arguments: ["TEXT..."], help: "Add a row"),
                CommandSpec("half", arguments: ["TEXT..."], help: "Draw an error line, then fail"),
            ]
            view.onPerform = { [weak view] command in
                let text = command.arguments.joined(separator: " ")
                switch command.name {
                case "fail": view?.drawnErrors = [text]
                case "clear": view?.drawnErrors = []
                case "say": presenter.receive(text)
                default:
                    view?.drawnErrors = [text]
                    throw CommandError("the command failed")
                }
            }
        }
        return fake
    }

    @Test func aScriptInPlainModeSaysADrawnErrorOnStandardErrorOnceAndFails() {
        let fake = shell(plain: true, scripted: true)
        #expect(fake.run("open list") == .succeeded)
        #expect(fake.run("fail the feed is down") == .failed)
        #expect(fake.output.errors == ["the feed is down"])
        // Drawn again unchanged, the line is not new: said once, and the next command succeeds.
        #expect(fake.run("say hello") == .succeeded)
        #expect(fake.output.errors == ["the feed is down"])
        fake.shell.finishPlain()
        #expect(!fake.output.shown.contains("error"), "standard output: \(fake.output.shown)")
        #expect(fake.output.shown == "This is List.\n  1. hello\n")
        #expect(fake.shell.failures == 1)
    }

    @Test func theSameErrorDrawnAgainAfterItWentIsNewAgain() {
        let fake = shell(plain: true, scripted: true)
        fake.run("open list", "fail down", "clear")
        #expect(fake.run("fail down") == .failed)
        #expect(fake.output.errors == ["down", "down"])
    }

    @Test func aScriptThatDrawsScreensShowsTheErrorOnTheScreenAndFails() {
        let fake = shell(plain: false, scripted: true)
        fake.run("open list")
        #expect(fake.run("fail the feed is down") == .failed)
        #expect(fake.output.shown.contains("error: the feed is down"))
        #expect(fake.output.errors.isEmpty, "the screen shows it")
    }

    @Test func atATerminalADrawnErrorIsShownAndTheCommandStillSucceeds() {
        let fake = shell(plain: false, scripted: false)
        fake.run("open list")
        #expect(fake.run("fail the feed is down") == .succeeded)
        #expect(fake.output.shown.contains("error: the feed is down"))
    }

    @Test func aCommandThatThrowsAfterChangingTheDrawingIsDrawnAgain() {
        let fake = shell(plain: false, scripted: false)
        fake.run("open list")
        fake.output.clear()
        #expect(fake.run("half the feed is down") == .failed)
        #expect(fake.output.errors == ["the command failed"])
        #expect(fake.output.shown.contains("error: the feed is down"), "the list as the command left it: \(fake.output.shown)")
        #expect(fake.output.shown.contains("── Home › List"))
    }

    @Test func aCommandThatThrowsWithoutChangingTheDrawingDrawsNothing() {
        let fake = shell(plain: false, scripted: false)
        fake.run("open list", "half down")
        fake.output.clear()
        #expect(fake.run("half down") == .failed)
        #expect(fake.output.shown.isEmpty)
    }

    @Test func inPlainModeAThrownCommandsDrawnErrorIsNotSaidTwice() {
        let fake = shell(plain: true, scripted: true)
        fake.run("open list")
        #expect(fake.run("half the feed is down") == .failed)
        #expect(fake.run("say hello") == .succeeded)
        fake.shell.finishPlain()
        #expect(fake.output.errors == ["the command failed"])
        #expect(fake.shell.failures == 1)
    }
}
