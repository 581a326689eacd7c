import Foundation

/// Ctrl-C while a fetch waits for its answer. The shell runs a command to its end
/// before it reads the next line, and SIGINT's default action ends viper; so while
/// (and only while) a fetch waits, this catches SIGINT and the wait gives up,
/// leaving the shell and the list as they were. The previous action is put back
/// when the wait ends.
///
/// The handler sets a word and writes one byte to a pipe (both async-signal-safe), so a wait
/// blocked in poll(2) on that pipe (``AnswerSignal``) wakes at once: nothing polls a flag.
enum Interruption {
    /// Set by the handler; a plain word, the only thing a signal handler may touch.
    nonisolated(unsafe) private static var caught: sig_atomic_t = 0
    /// The pipe the handler writes to: read end, write end; -1 until first used.
    nonisolated(unsafe) private(set) static var readEnd: Int32 = -1
    nonisolated(unsafe) private static var writeEnd: Int32 = -1

    /// Runs `body` with SIGINT caught; `body` waits on ``readEnd`` or checks ``wasInterrupted``.
    static func catching<T>(_ body: () throws -> T) rethrows -> T {
        openPipe()
        drain(readEnd)
        caught = 0
        let previous = signal(SIGINT) { _ in
            Interruption.caught = 1
            var byte: UInt8 = 1
            _ = write(Interruption.writeEnd, &byte, 1)
        }
        // A parent may have started viper with SIGINT blocked (a thread pool's mask is
        // inherited); unblock it on this thread for the wait, so Ctrl-C arrives here.
        var only = sigset_t(), saved = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &only, &saved)
        defer {
            pthread_sigmask(SIG_SETMASK, &saved, nil)
            signal(SIGINT, previous)
        }
        return try body()
    }

    /// Whether Ctrl-C came since ``catching(_:)`` began.
    static var wasInterrupted: Bool { caught != 0 }

    private static func openPipe() {
        guard readEnd < 0 else { return }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    /// Empties a non-blocking pipe.
    static func drain(_ descriptor: Int32) {
        guard descriptor >= 0 else { return }
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(descriptor, &bytes, bytes.count) > 0 {}
    }
}

/// The user stopped a fetch (Ctrl-C).
struct ArticleFetchCancelled: Error, CustomStringConvertible {
    let url: String

    var description: String { "stopped fetching \(url)" }
}
