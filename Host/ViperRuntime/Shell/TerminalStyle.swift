import Foundation

/// ANSI styling, or none. Colour is used only when standard input and output are
/// both terminals, `TERM` is not `dumb`, `NO_COLOR` is unset or empty, and
/// `--no-color` was not given.
struct TerminalStyle {
    /// Whether escape sequences are written.
    let colors: Bool

    static let plain = TerminalStyle(colors: false)

    /// Whether the user allows colour at all (before asking whether the streams are terminals).
    static func allowsColor(environment: [String: String], noColorFlag: Bool) -> Bool {
        if noColorFlag { return false }
        if let value = environment["NO_COLOR"], !value.isEmpty { return false }
        return environment["TERM"] != "dumb"
    }

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func italic(_ text: String) -> String { wrap(text, "3") }
    func red(_ text: String) -> String { wrap(text, "1;31") }
    func yellow(_ text: String) -> String { wrap(text, "1;33") }
    func cyan(_ text: String) -> String { wrap(text, "36") }

    private func wrap(_ text: String, _ code: String) -> String {
        colors && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// `text` without control characters (a plugin's data cannot move the cursor or
    /// change colours); tabs become four spaces, newlines stay.
    static func sanitize(_ text: String) -> String {
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
}
