import Foundation

/// A supervised worker's standard error goes through its supervisor (``ErrorRelay``): the page
/// says whether it does, whether the supervisor's own standard error is a terminal, and whether
/// the supervisor is between reading bytes from the pipe and writing them.
extension WorkerPage {
    package static let relayedOffset = Layout.relayed
    package static let relayBusyOffset = Layout.relayBusy
    package static let errorsTerminalOffset = Layout.errorsTerminal
    /// Whether the supervisor's standard output and standard error are one file (a terminal, or
    /// `2>&1`) that keeps what it gets: only then does the order between the two show.
    package static let errorsMeetOutputOffset = Layout.errorsMeetOutput

    /// The length of the text field at `offset` (0: empty, or not a length a field can have).
    package func fieldLength(_ offset: Int) -> Int {
        let count = Int(base.load(fromByteOffset: offset, as: UInt16.self))
        return count < 300 ? count : 0
    }

    /// In a worker whose standard error is relayed: waits, at most a second, until the pipe is
    /// empty and the supervisor is not between reading and writing, so what was written reaches
    /// the terminal before what comes next. Only `ioctl`, `clock_gettime` and `nanosleep`: a
    /// signal handler calls it.
    package func awaitErrorsRelayed() {
        guard base.load(fromByteOffset: Self.relayedOffset, as: Int32.self) == 1,
            base.load(fromByteOffset: Self.errorsMeetOutputOffset, as: Int32.self) == 1
        else { return }
        let deadline = Self.now() + 1000
        var pause = timespec(tv_sec: 0, tv_nsec: 100_000)
        while Self.now() < deadline {
            var waiting: Int32 = 0
            if ioctl(STDERR_FILENO, UInt(FIONREAD), &waiting) != 0 { return }
            if waiting == 0, base.load(fromByteOffset: Self.relayBusyOffset, as: Int32.self) == 0 { return }
            nanosleep(&pause, nil)
        }
    }
}
