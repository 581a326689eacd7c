import Foundation

/// The terminal: standard output for screens, standard error for errors and
/// warnings (flushing standard output first, so the two stay in order).
final class StandardOutput: ShellOutput {
    private let errorStyle: TerminalStyle

    /// `errorStyle` colours the `error:`/`warning:` prefixes (when standard error is a terminal).
    init(errorStyle: TerminalStyle) {
        self.errorStyle = errorStyle
    }

    func show(_ text: String) {
        fputs(text + "\n", stdout)
        fflush(stdout)
    }

    func error(_ message: String) {
        fflush(stdout)
        fputs(errorStyle.red("error:") + " " + Self.oneLine(message) + "\n", stderr)
    }

    func warning(_ message: String) {
        fflush(stdout)
        fputs(errorStyle.yellow("warning:") + " " + Self.oneLine(message) + "\n", stderr)
    }

    /// Messages echo what was typed and file names: no control characters (an escape
    /// sequence in a rejected line must not reach the terminal) and no line breaks.
    static func oneLine(_ message: String) -> String {
        TerminalStyle.sanitize(message).replacingOccurrences(of: "\n", with: " ")
    }
}
