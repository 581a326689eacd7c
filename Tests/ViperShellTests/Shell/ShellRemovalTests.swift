import Contracts
import Testing
@testable import ViperRuntime
@testable import ViperShell

/// The shell's side of removing modules: `back`, `close`, `dismiss`, `home` and `root` ask (or
/// answer for a script) before losing what a module says is unsaved; the `!` forms drop
/// it; `present` and `root` reach the transitions a plugin has.
@Suite struct ShellRemovalTests {
    /// A shell on `list` › `items/1`, the detail reporting unsaved text.
    private func shellWithUnsavedDetail() -> FakeShell {
        let fake = FakeShell()
        fake.run("open list", "open items/1")
        fake.app.detail.lastView?.unsaved = "the text (2 lines)"
        fake.app.detail.lastView?.onRemovedByUser = { [journal = fake.app.journal] in journal.record("Detail: removed by the user") }
        fake.output.clear()
        return fake
    }

    @Test func aScriptKeepsTheModuleAndTheCommandFails() {
        let fake = shellWithUnsavedDetail()
        fake.shell.unsavedWork = .keep
        #expect(fake.run("back") == .failed)
        #expect(fake.output.errors == ["'back' would lose unsaved work (Detail: the text (2 lines)); nothing was removed: save it first, or type 'back!' to drop it"])
        #expect(fake.app.stack.breadcrumb == ["List", "Detail"])
        #expect(fake.output.shown.isEmpty, "a refused command draws nothing")
    }

    @Test func theBangFormDropsTheWorkAndTellsTheModule() {
        let fake = shellWithUnsavedDetail()
        fake.shell.unsavedWork = .keep
        #expect(fake.run("back!") == .succeeded)
        #expect(fake.app.stack.breadcrumb == ["List"])
        #expect(fake.app.journal.events.last == "Detail: removed by the user")
        #expect(fake.output.shown.contains("── Home › List ─"))
    }

    @Test func yesForAScriptDropsTheWork() {
        let fake = shellWithUnsavedDetail()
        fake.shell.unsavedWork = .drop
        #expect(fake.run("home") == .succeeded)
        #expect(fake.app.stack.isEmpty)
    }

    @Test func aPersonIsAskedWithWhatWouldBeLostAndTheAnswerDecides() {
        let fake = shellWithUnsavedDetail()
        var questions: [String] = []
        var answer = false
        fake.shell.unsavedWork = .ask { questions.append($0); return answer }
        #expect(fake.run("close") == .failed)
        #expect(fake.app.stack.breadcrumb == ["List", "Detail"])
        answer = true
        #expect(fake.run("close") == .succeeded)
        #expect(fake.app.stack.breadcrumb == ["List"])
        #expect(questions == Array(repeating: "Unsaved work would be lost (Detail: the text (2 lines)). Drop it? [y/N] ", count: 2))
        #expect(fake.run("back!", "back") == .failed, "'back!' popped the list; at home 'back' has nothing to do")
    }

    @Test func closeWithABangIsTheShellsEvenWhenTheModuleDeclaresClose() {
        let fake = FakeShell()
        fake.app.list.wire = { _, view, _ in view.commands = [CommandSpec("close", help: "Save, then close")] }
        fake.run("open list")
        #expect(fake.run("close!") == .succeeded)
        #expect(fake.app.stack.isEmpty)
        #expect(!fake.app.journal.events.contains("List: perform close"))
    }

    @Test func aBangAfterACommandThatRemovesNothingIsUnknown() {
        let fake = FakeShell()
        #expect(fake.run("where!") == .failed)
        #expect(fake.output.errors.first?.hasPrefix("unknown command 'where!'") == true)
        #expect(!fake.shell.keepsOutOfHistory("back!"))
    }

    @Test func presentAndRootFromTheShell() {
        let fake = FakeShell()
        #expect(fake.run("open list", "present items/1") == .succeeded)
        #expect(fake.app.stack.breadcrumb == ["List", "Detail (modal)"])
        #expect(fake.output.shown.contains("── Home › List › Detail (modal) ─"))
        #expect(fake.run("root list") == .failed)
        #expect(fake.output.errors == ["cannot replace every module while Detail is presented; finish it, or type 'close' to dismiss it first"])
        #expect(fake.run("close", "root items/2") == .succeeded)
        #expect(fake.app.stack.breadcrumb == ["Detail"])
        #expect(fake.run("present") == .failed, "a path is required")
    }
}
