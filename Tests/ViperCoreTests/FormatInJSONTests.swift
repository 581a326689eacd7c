import Testing
@testable import ViperCore

/// JSON reports carry names and reasons from plugin files: a format character is written as a
/// JSON escape, so the document means the same and cannot reorder the terminal that shows it.
@Suite struct FormatInJSONTests {
    @Test func aRightToLeftOverrideBecomesAJSONEscape() {
        #expect(PrintableText.escapingFormatInJSON(#"{"name" : "a\#u{202E}b"}"#) == #"{"name" : "a\u202eb"}"#)
    }

    @Test func aFormatCharacterBeyondTheFirstPlaneBecomesASurrogatePair() {
        #expect(PrintableText.escapingFormatInJSON("\"\u{E0001}\"") == #""\udb40\udc01""#)
    }

    @Test func textWithoutFormatCharactersIsLeftAsItIs() {
        let json = #"{"name" : "café ☕ \u001b"}"#
        #expect(PrintableText.escapingFormatInJSON(json) == json)
    }
}
