import CReadline
import Foundation
import ViperCore
import ViperRuntime
import ViperSupervision

/// The terminal: standard output for screens, standard error for errors and
/// warnings (flushing standard output first, so the two stay in order).
package final class StandardOutput: ShellOutput {
    private let errorStyle: TerminalStyle

    /// `errorStyle` colours the `error:`/`warning:` prefixes (when standard error is a terminal).
    init(errorStyle: TerminalStyle) {
        self.errorStyle = errorStyle
    }

    package func show(_ text: String) {
        ErrorRelay.awaitRelayed()
        fputs(text + "\n", viper_stdout())
        fflush(viper_stdout())
    }

    package func error(_ message: String) {
        fflush(viper_stdout())
        fputs(errorStyle.red("error:") + " " + PrintableText.oneLine(message) + "\n", viper_stderr())
        ErrorRelay.awaitRelayed()
    }

    package func warning(_ message: String) {
        fflush(viper_stdout())
        fputs(errorStyle.yellow("warning:") + " " + PrintableText.oneLine(message) + "\n", viper_stderr())
        ErrorRelay.awaitRelayed()
    }

    /// Makes standard output line-buffered, as the executables do first: a piped session's
    /// lines then arrive as they are printed.
    package static func lineBuffered() {
        viper_line_buffer_stdout()
    }
}
