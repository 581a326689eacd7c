import Foundation
import Testing
import ViperHostTestSupport
import ViperTestSupport
@testable import ViperRuntime
@testable import ViperShell
@testable import ViperCore
@testable import ViperLoading

/// Text from plugins and stored data reaches the terminal with its invisible
/// format characters (Unicode Cf: bidirectional controls, zero-width marks) shown as escapes; a
/// line far too long to be a command is refused at once; a device given as a plugin gets no
/// `chmod` advice.
@Suite struct InvisibleTextTests {
    @Test func aRightToLeftOverrideInATitleIsShownAsAnEscape() {
        // "Invoice \u{202E}fdp.exe" draws as "Invoice exe.pdf" on a terminal.
        #expect(PrintableText.sanitize("Invoice \u{202E}fdp.exe") == "Invoice \\u{202E}fdp.exe")
        #expect(PrintableText.oneLine("cannot open '\u{2066}notes\u{2069}'") == "cannot open '\\u{2066}notes\\u{2069}'")
    }

    @Test(arguments: [0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E,
                      0x2066, 0x2067, 0x2068, 0x2069, 0x2060, 0xFEFF, 0x00AD, 0xE0041])
    func everyInvisibleFormatCharacterIsEscaped(value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        let text = "a" + String(Character(scalar)) + "b"
        #expect(!PrintableText.isPrintable(text, allowingNewlines: true))
        #expect(PrintableText.sanitize(text) == "a\\u{\(String(value, radix: 16, uppercase: true))}b")
        #expect(FileLogger.escaped(text) == "a\\u{\(String(value, radix: 16))}b")
    }

    @Test func lettersAccentsAndEmojiAreLeftAsTheyAre() {
        for text in ["Café crème", "日本語のノート", "نص عربي", "🙂 done", "e\u{301}"] {
            #expect(PrintableText.isPrintable(text, allowingNewlines: false), "\(text)")
            #expect(PrintableText.sanitize(text) == text)
        }
    }

    @Test func aLineOfAMegabyteIsRefusedWithWhatToDo() {
        let line = String(repeating: "x", count: 1_000_000)
        #expect(Shell.lengthProblem(line) == "the line is 1000000 bytes long, and a command may be at most 65536; nothing was run: "
            + "shorten it (a long text belongs in a file, not on the command line)")
        #expect(Shell.lengthProblem(String(repeating: "x", count: Shell.longestLine)) == nil)
    }

    @Test func aWordFarLongerThanAnyCommandGetsNoSuggestionAndNoComparison() {
        #expect(Suggestion.nearest(to: String(repeating: "x", count: 1_000_000), in: ["open", "quit", "help"]) == nil)
        #expect(Suggestion.nearest(to: "opne", in: ["open", "quit", "help"]) == "open")
        #expect(Suggestion.nearest(to: "he", in: ["open", "quit", "help"]) == "help")
    }

    @Test func aDeviceGivenAsAPluginIsRefusedWithoutChmodAdvice() throws {
        let folders = try TestRuntime.makeFolders()
        let runtime = try TestRuntime.start(TestRuntime.options(folders, plugins: ["/dev/zero"]))
        // In process the loader says it first ("not a regular file"); the scanner's trust check says
        // "refused: /dev/zero is a device, not a plugin file; ..." (checked by hand with the built viper).
        #expect(runtime.problemLines.count == 1 && runtime.problemLines[0].hasPrefix("/dev/zero: "), "\(runtime.problemLines)")
        #expect(!runtime.problemLines.contains { $0.contains("chmod") }, "\(runtime.problemLines)")
    }
}
