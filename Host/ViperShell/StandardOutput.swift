import CReadline
import Foundation
import ViperCore
import ViperRuntime
import ViperSupervision

/// The terminal: standard output for screens, standard error for errors and
/// warnings (flushing standard output first, so the two stay in order).
package final class StandardOutput: ShellOutput {
    private let errorStyle: TerminalStyle
    /// Standard error as the session found it: a copy of the descriptor (closed on `exec`) and
    /// what it refers to. Plugin code that closed it, or put another file in its place, would
    /// take every later error line with it, so it is put back before a line is written.
    private let errors: (copy: Int32, identity: DescriptorIdentity)?

    /// `errorStyle` colours the `error:`/`warning:` prefixes (when standard error is a terminal).
    init(errorStyle: TerminalStyle) {
        self.errorStyle = errorStyle
        let copy = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 10)
        errors = copy >= 0 ? DescriptorIdentity.of(copy).map { (copy, $0) } : nil
    }

    /// Puts standard error back when it is no longer what the session found.
    private func keepStandardError() {
        guard let errors, DescriptorIdentity.of(STDERR_FILENO) != errors.identity else { return }
        if dup2(errors.copy, STDERR_FILENO) >= 0 { clearerr(viper_stderr()) }
    }

    package func show(_ text: String) {
        ErrorRelay.awaitRelayed()
        // Standard output is line-buffered, so the write that fails may be `fputs`'s own.
        var failure: Int32 = 0
        if fputs(text + "\n", viper_stdout()) < 0 { failure = errno }
        if fflush(viper_stdout()) != 0, failure == 0 { failure = errno }
        if failure == EPIPE { Self.endOnClosedOutput() }
        if failure != 0, Self.writeFailure == 0 { Self.writeFailure = failure }
    }

    /// The first error a write of standard output met since it was last taken (0: none).
    nonisolated(unsafe) private static var writeFailure: Int32 = 0

    /// The error a write of standard output met since the last call, if any (the main thread's).
    package static func takeWriteFailure() -> Int32? {
        defer { writeFailure = 0 }
        return writeFailure == 0 ? nil : writeFailure
    }

    /// Standard output is a pipe whose reader is gone (`viper -c ... | head`) and SIGPIPE did not
    /// end the process (plugin code ignores it): the session ends as SIGPIPE would have ended it,
    /// with status 141, announced to a supervisor so that it is not taken for a crash.
    static func endOnClosedOutput() -> Never {
        let status: Int32 = 128 + SIGPIPE
        WorkerPage.current?.announceExit(status)
        _exit(status)
    }

    package func error(_ message: String) {
        fflush(viper_stdout())
        keepStandardError()
        fputs(errorStyle.red("error:") + " " + PrintableText.oneLine(message) + "\n", viper_stderr())
        ErrorRelay.awaitRelayed()
    }

    package func warning(_ message: String) {
        fflush(viper_stdout())
        keepStandardError()
        fputs(errorStyle.yellow("warning:") + " " + PrintableText.oneLine(message) + "\n", viper_stderr())
        ErrorRelay.awaitRelayed()
    }

    /// Makes standard output line-buffered, as the executables do first: a piped session's
    /// lines then arrive as they are printed.
    package static func lineBuffered() {
        viper_line_buffer_stdout()
    }

    /// Opens /dev/null as each of descriptors 0, 1 and 2 that is not open (`viper <&-`), as the
    /// executables do first: otherwise the first file viper opens (its log, the session's
    /// journal) takes the missing number, and would be read as the script or written with screens.
    package static func openMissingStandardDescriptors() {
        for descriptor in Int32(0)...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
            if opened >= 0, opened != descriptor {
                _ = dup2(opened, descriptor)
                close(opened)
            }
        }
    }
}
