import Contracts
@testable import ViperCore
import Testing

@Suite struct SuggestionTests {
    @Test func suggestsTheNearestCommandForATypo() {
        #expect(Suggestion.nearest(to: "plugin", in: ["shell", "plugins", "doctor", "help"]) == "plugins")
        #expect(Suggestion.nearest(to: "doctr", in: ["shell", "plugins", "doctor", "help"]) == "doctor")
    }

    @Test func suggestsNothingForAnUnrelatedWord() {
        #expect(Suggestion.nearest(to: "xylophone", in: ["shell", "plugins", "doctor", "help"]) == nil)
    }

    @Test func aWordFromAnotherToolNamesTheCommandOnScreenThatDoesIt() {
        #expect(Suggestion.synonym(of: "rm", in: ["new", "delete", "find"]) == "delete")
        #expect(Suggestion.synonym(of: "rm", in: ["feeds", "unsubscribe"]) == "unsubscribe", "the first one on screen")
        #expect(Suggestion.synonym(of: "Search", in: ["find"]) == "find")
        #expect(Suggestion.synonym(of: "rm", in: ["find"]) == nil, "nothing on screen does it")
        #expect(Suggestion.synonym(of: "xyzzy", in: ["find"]) == nil)
    }
}
