import Contracts
import Testing
import ViperCoreTestSupport
@testable import ViperRuntime
@testable import ViperShell

/// Plain output (`--plain`, `--json`): a script prints what its commands add to the screen, then
/// the screen it ends on, never a header, a footer or a blank separator.
@Suite struct ShellPlainTests {
    /// A shell in plain mode whose List module has `say TEXT` (adds a line to its drawing).
    private func plainShell() -> FakeShell {
        let fake = FakeShell()
        fake.shell.plain = true
        fake.app.list.wire = { presenter, view, _ in
            view.commands = [CommandSpec("say", arguments: ["TEXT..."], help: "Add a line")]
            view.onPerform = { presenter.receive($0.arguments.joined(separator: " ")) }
        }
        return fake
    }

    @Test func aScriptThatOnlyOpensPrintsTheScreenItEndsOnWithoutChrome() {
        let fake = plainShell()
        fake.run("open list", "open items/1")
        #expect(fake.output.shown.isEmpty)
        fake.shell.finishPlain()
        #expect(fake.output.shown == "This is Detail.\n")
    }

    @Test func eachCommandPrintsOnlyTheLinesItAddedAndTheLastOneTheWholeScreen() {
        let fake = plainShell()
        fake.run("open list", "say first", "say second")
        #expect(fake.output.shown == "  1. first\n")
        fake.shell.finishPlain()
        #expect(fake.output.shown == "  1. first\nThis is List.\n  1. first\n  2. second\n")
    }

    @Test func aModuleComingBackAddsWhatChangedSinceItWasLastDrawn() {
        let fake = plainShell()
        fake.run("open list", "say one", "open items/1", "back", "where")
        // `say one` was added; Detail came on screen (nothing of its own); back on List nothing
        // changed; `where` is a block of its own, so no screen follows it.
        fake.shell.finishPlain()
        #expect(fake.output.shown == "  1. one\nHome › List\n")
    }

    @Test func theAddedLinesAreCountedSoARepeatedLineStillShows() {
        #expect(Shell.added(["a", "b", "a", ""], to: ["a"]) == ["b", "a"])
        #expect(Shell.added(["x"], to: ["x"]) == [])
        // Realigned rows are not new: ids 1 and 2 are padded once id 10 is listed.
        #expect(Shell.added(["   1. a", "  10. b"], to: ["  1. a"]) == ["  10. b"])
    }

    @Test func withoutPlainEveryCommandStillDrawsItsScreen() {
        let fake = FakeShell()
        fake.run("open list")
        #expect(fake.output.shown.hasPrefix("── Home › List"))
        #expect(fake.output.shown.contains("Commands: back, help"))
    }

    @Test func theScreenItEndsOnIsDrawnAtTheEndSoAFailedCommandsChangeShows() {
        let fake = plainShell()
        fake.app.list.wire = { presenter, view, _ in
            view.commands = [CommandSpec("half", help: "Change the drawing, then fail")]
            view.onPerform = { _ in
                presenter.receive("imported")
                throw CommandError("one line was skipped")
            }
        }
        fake.run("open list", "half")
        fake.shell.finishPlain()
        #expect(fake.output.errors == ["one line was skipped"])
        #expect(fake.output.shown == "This is List.\n  1. imported\n")
    }
}
