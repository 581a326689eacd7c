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
        fputs(errorStyle.red("error:") + " " + message + "\n", stderr)
    }

    func warning(_ message: String) {
        fflush(stdout)
        fputs(errorStyle.yellow("warning:") + " " + message + "\n", stderr)
    }
}
