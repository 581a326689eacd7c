import Contracts
import Foundation
import Testing
@testable import ViperCore

/// The shell's fast paths for text (the per-command cost) give what the slow
/// paths they skip give: trimming against Foundation's, sanitizing against the scalar loop.
@Suite struct TextFastPathTests {
    static let samples = [
        "", " ", "\t", "\n", " \n\t ", "open notes", "  open notes  ", "\topen\t", "back\n", "\nback", "a",
        "\u{00A0}open\u{00A0}", "\u{3000}x\u{3000}", " \u{2003}x", "x\u{0085}", "\u{2028}x", "é", " é ", "x\r\n",
        "\u{1}x\u{1}", "\u{0B}x\u{0C}", "notes/42?x=1 ", "日本 ", "🙂 ", " \u{200A}",
    ]

    @Test func trimmingMatchesFoundation() {
        for sample in Self.samples {
            #expect(sample.trimmingWhitespace() == sample.trimmingCharacters(in: .whitespaces), "\(sample.debugDescription)")
            #expect(sample.trimmingWhitespace(andNewlines: true) == sample.trimmingCharacters(in: .whitespacesAndNewlines),
                    "\(sample.debugDescription)")
            let sub = Substring(sample)
            #expect(sub.trimmingWhitespace() == sub.trimmingCharacters(in: .whitespaces))
        }
    }

    /// The scalar loop `sanitize` runs when the fast check says there is something to remove.
    private func slowSanitize(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: result.append(scalar)
            case 0x09: result.append(contentsOf: "    ".unicodeScalars)
            case 0x00..<0x20, 0x7F..<0xA0: continue
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    @Test func sanitizingMatchesTheScalarLoop() {
        let controls = ["\u{1B}[31mred", "a\u{7F}b", "c1 \u{0085} \u{009F} \u{0080}", "\u{00A0}kept \u{00C2}", "tab\there", "line\nbreak", "\r\n"]
        for sample in Self.samples + controls {
            #expect(PrintableText.sanitize(sample) == slowSanitize(sample), "\(sample.debugDescription)")
            #expect(PrintableText.oneLine(sample) == slowSanitize(sample).replacingOccurrences(of: "\n", with: " "), "\(sample.debugDescription)")
        }
        #expect(PrintableText.isPrintable("Notes › Edit", allowingNewlines: false))
        #expect(!PrintableText.isPrintable("\u{009B}2J", allowingNewlines: true), "a C1 control (CSI) is not printable")
    }
}
