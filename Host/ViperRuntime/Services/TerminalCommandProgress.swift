import Contracts
import Foundation

/// The host's ``CommandProgress``: each line goes to ``write`` at once, one line each. The shell
/// sets ``write`` for a person at a terminal (interactive, no `-c`); until then, and for a script,
/// nothing is written, so a script's output holds only what its commands drew.
///
/// Invariant: ``write`` is set before the first command runs and only on the shell's thread.
package final class TerminalCommandProgress: CommandProgress {
    /// Where a line (with its line end) goes; nil: nowhere.
    package var write: ((String) -> Void)?

    package init(write: ((String) -> Void)? = nil) {
        self.write = write
    }

    package func report(_ line: String) {
        guard let write else { return }
        write(line.split(whereSeparator: \.isNewline).joined(separator: " ") + "\n")
    }
}
