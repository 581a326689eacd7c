import Testing
@testable import TodoPlugin

/// Tags are the `+words` of a name; `find` matches any part of a name in any case.
@Suite struct TodoFilterTests {
    @Test func tagsAreThePlusWordsOfANameInLowerCase() {
        #expect(TodoFilter.tags(in: "Buy milk +Shop +home") == ["shop", "home"])
        #expect(TodoFilter.tags(in: "1 + 1 is two") == [])
    }

    @Test func aFilterMatchesTextInAnyCaseOrAWholeTag() {
        #expect(TodoFilter.text("MILK").matches("Buy milk"))
        #expect(!TodoFilter.text("bread").matches("Buy milk"))
        #expect(TodoFilter.tag("home").matches("Water plants +home"))
        #expect(!TodoFilter.tag("home").matches("Call +homer"))
        #expect(TodoFilter.all.matches("anything"))
    }

    @Test func whatIsTypedAfterFindOrTagBecomesAFilter() {
        #expect(TodoFilter.finding("  milk ") == .text("milk"))
        #expect(TodoFilter.finding("   ") == .all)
        #expect(TodoFilter.tagged("+home") == .tag("home"))
        #expect(TodoFilter.tagged(" home ") == .tag("home"))
        #expect(TodoFilter.tagged("+") == .all)
    }
}
