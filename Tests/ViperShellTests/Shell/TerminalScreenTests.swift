import Contracts
import Testing
@testable import ViperRuntime
@testable import ViperShell

@Suite struct TerminalScreenTests {
    private final class StubView: ModuleView {
        let title: String
        let draw: (any Screen) -> Void
        init(_ title: String, draw: @escaping (any Screen) -> Void) {
            self.title = title
            self.draw = draw
        }
        func render(on screen: any Screen) { draw(screen) }
    }

    @Test func everyElementHasItsPlainForm() {
        let screen = TerminalScreen(style: .plain)
        screen.text("Three notes.")
        screen.heading("Notes")
        screen.list(["Shopping", "Ideas\nsecond line"])
        screen.fields([Field("Title", "Shopping"), Field("Due date", "tomorrow")])
        screen.error("the feed is down")
        screen.empty("No notes yet. Type 'new TITLE'.")
        #expect(screen.lines == [
            "Three notes.",
            "",
            "Notes",
            "  1. Shopping",
            "  2. Ideas",
            "     second line",
            "  Title      Shopping",
            "  Due date   tomorrow",
            "error: the feed is down",
            "  No notes yet. Type 'new TITLE'.",
        ])
    }

    @Test func numbersAreRightAlignedAndCanContinueAcrossSections() {
        let screen = TerminalScreen(style: .plain)
        screen.list(["a", "b"], startingAt: 9)
        #expect(screen.lines == ["   9. a", "  10. b"])
    }

    @Test func anEmbeddedChildIsDrawnIndentedInsideItsParent() {
        let screen = TerminalScreen(style: .plain)
        screen.text("Parent text")
        screen.embed(StubView("Account") { $0.text("Signed in as ada") })
        #expect(screen.lines == ["Parent text", "", "  ┌ Account", "  │ Signed in as ada", "  └"])
    }

    @Test func aChildThatEmbedsItselfStopsAtTheDepthLimit() {
        final class Mirror: ModuleView {
            var title: String { "Mirror" }
            func render(on screen: any Screen) { screen.embed(self) }
        }
        let screen = TerminalScreen(style: .plain)
        screen.embed(Mirror())
        #expect(screen.lines.last(where: { $0.contains("embedded too deeply") }) != nil)
    }

    @Test func controlCharactersFromAPluginAreRemoved() {
        let screen = TerminalScreen(style: .plain)
        screen.text("evil\u{1B}[2Jtitle\u{07}")
        #expect(screen.lines == ["evil[2Jtitle"])
    }

    @Test func coloursAppearOnlyWhenEnabled() {
        let plain = TerminalScreen(style: .plain)
        plain.heading("Notes")
        let coloured = TerminalScreen(style: TerminalStyle(colors: true))
        coloured.heading("Notes")
        #expect(plain.lines == ["Notes"])
        #expect(coloured.lines == ["\u{1B}[1mNotes\u{1B}[0m"])
    }

    @Test func noColorAndTheFlagAndADumbTerminalEachTurnColourOff() {
        #expect(TerminalStyle.allowsColor(environment: [:], noColorFlag: false))
        #expect(!TerminalStyle.allowsColor(environment: ["NO_COLOR": "1"], noColorFlag: false))
        #expect(TerminalStyle.allowsColor(environment: ["NO_COLOR": ""], noColorFlag: false))
        #expect(!TerminalStyle.allowsColor(environment: [:], noColorFlag: true))
        #expect(!TerminalStyle.allowsColor(environment: ["TERM": "dumb"], noColorFlag: false))
    }
}
