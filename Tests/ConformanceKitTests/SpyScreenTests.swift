import ConformanceKit
import Contracts
import Testing

@Suite struct SpyScreenTests {
    @Test func theTranscriptNumbersListsFromWhereTheyStart() {
        let screen = SpyScreen()
        screen.heading("Today")
        screen.list(["a"])
        screen.list(["b", "c"], startingAt: 2)
        screen.fields([Field("Title", "Groceries")])
        #expect(screen.transcript == "Today\n1. a\n2. b\n3. c\nTitle: Groceries")
    }

    @Test func linesNameTheKindOfEveryCall() {
        let screen = SpyScreen()
        screen.heading("Today")
        screen.list(["a", "b"], startingAt: 3)
        screen.fields([Field("Title", "Groceries")])
        screen.text("Saved")
        screen.error("disk full")
        screen.empty("Nothing due")
        screen.embed(StubModuleView(title: "Status"))
        #expect(screen.lines == [
            "heading: Today", "3. a", "4. b", "field: Title = Groceries", "text: Saved",
            "error: disk full", "empty: Nothing due", "embed: Status", "text: [Status]",
        ])
    }

    @Test func anEmbeddedChildDrawsOnTheSameScreen() {
        let screen = SpyScreen()
        screen.embed(StubModuleView(title: "Status"))
        #expect(screen.calls == [.embed("Status"), .text("[Status]")])
    }
}
