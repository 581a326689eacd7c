import Foundation

/// ANSI styling, or none. Colour is used only when standard input and output are
/// both terminals, `TERM` is not `dumb`, `NO_COLOR` is unset or empty, and
/// `--no-color` was not given.
package struct TerminalStyle {
    /// Whether escape sequences are written.
    package let colors: Bool

    package init(colors: Bool) {
        self.colors = colors
    }

    package static let plain = TerminalStyle(colors: false)

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
}
