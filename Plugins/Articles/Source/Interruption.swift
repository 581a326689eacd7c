import Foundation

/// Ctrl-C while a fetch waits for its answer. The shell runs a command to its end
/// before it reads the next line, and SIGINT's default action ends viper; so while
/// (and only while) a fetch waits, this catches SIGINT and the wait gives up,
/// leaving the shell and the list as they were. The previous action is put back
/// when the wait ends.
enum Interruption {
    /// Set by the handler; a plain word, the only thing a signal handler may touch.
    nonisolated(unsafe) private static var caught: sig_atomic_t = 0

    /// Runs `body` with SIGINT caught; `body` polls ``wasInterrupted``.
    static func catching<T>(_ body: () throws -> T) rethrows -> T {
        caught = 0
        let previous = signal(SIGINT) { _ in Interruption.caught = 1 }
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
}

/// The user stopped a fetch (Ctrl-C).
struct ArticleFetchCancelled: Error, CustomStringConvertible {
    let url: String

    var description: String { "stopped fetching \(url)" }
}
