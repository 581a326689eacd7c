import Contracts
import Testing
@testable import ViperShell

/// A paste of several lines at the terminal is never run as commands.
@Suite struct ShellPasteTests {
    @Test func oneLineIsNoPasteOfSeveralLines() {
        #expect(Shell.pastedLines("open list") == nil)
        #expect(Shell.pastedLines("open list\n") == nil, "a trailing line end alone is one line")
        #expect(Shell.pastedLines("\n\nopen list\n\n") == nil)
    }

    @Test func severalLinesAreSplitWithBlankLinesInsideKept() {
        #expect(Shell.pastedLines("milk\n\neggs\n") == ["milk", "", "eggs"])
        #expect(Shell.pastedLines("milk\r\neggs\rbread") == ["milk", "eggs", "bread"])
    }

    @Test func aScreenThatTakesNoPasteRefusesItRunningNothing() {
        let fake = FakeShell()
        fake.run("open list")
        fake.output.clear()
        let before = fake.app.journal.events
        #expect(!fake.shell.receivePaste(["back", "open items/1"]))
        #expect(fake.output.errors == [Shell.refusedPasteMessage(count: 2, screen: "List")])
        #expect(fake.output.errors.first?.hasPrefix("a paste of 2 lines was not run: List takes one command per line") == true)
        #expect(fake.app.stack.breadcrumb == ["List"])
        #expect(fake.app.journal.events == before, "no command reached the module")
        #expect(fake.output.shown.isEmpty)
    }

    @Test func aRefusedPasteCountsAsAFailedCommand() {
        let fake = FakeShell()
        fake.run("open list")
        let before = fake.shell.failures
        fake.shell.receivePaste(["milk", "eggs"])
        #expect(fake.shell.failures == before + 1)
    }
}
