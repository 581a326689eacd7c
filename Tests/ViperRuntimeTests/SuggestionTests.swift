@testable import ViperCore
@testable import ViperRuntime
import Testing

@Suite struct SuggestionTests {
    @Test func suggestsTheNearestCommandForATypo() {
        #expect(Suggestion.nearest(to: "plugin", in: ["shell", "plugins", "doctor", "help"]) == "plugins")
        #expect(Suggestion.nearest(to: "doctr", in: ["shell", "plugins", "doctor", "help"]) == "doctor")
    }

    @Test func suggestsNothingForAnUnrelatedWord() {
        #expect(Suggestion.nearest(to: "xylophone", in: ["shell", "plugins", "doctor", "help"]) == nil)
    }
}
