import Contracts
import Foundation

/// The host's ``CommandProgress``: each line goes to standard error at once, when standard error
/// is a terminal (a person is watching a long command); otherwise nothing is written, so a
/// script's output holds only what its commands drew.
final class TerminalCommandProgress: CommandProgress {
    private let shows: Bool
    private let write: (String) -> Void

    /// - Parameters:
    ///   - shows: whether lines are written; by default, whether standard error is a terminal.
    ///   - write: where a line goes; by default standard error, unbuffered.
    init(
        shows: Bool = isatty(STDERR_FILENO) == 1,
        write: @escaping (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
    ) {
        self.shows = shows
        self.write = write
    }

    func report(_ line: String) {
        guard shows else { return }
        let oneLine = line.split(whereSeparator: \.isNewline).joined(separator: " ")
        write(oneLine + "\n")
    }
}
