import Foundation

/// Wakes a waiting thread when a fetch is answered: the fetch's completion (on any thread)
/// writes a byte to a pipe, and the waiter sleeps in poll(2) on that pipe and on Ctrl-C's
/// (``Interruption``) until either has something or the time is up. A wait costs no CPU
/// however long the server takes.
final class AnswerSignal: @unchecked Sendable {
    enum Wake { case answered, interrupted, timedOut }

    private var readEnd: Int32 = -1
    private var writeEnd: Int32 = -1

    init() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        if readEnd >= 0 { close(readEnd) }
        if writeEnd >= 0 { close(writeEnd) }
    }

    /// An answer came (called from the completion's thread).
    func signal() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Sleeps until an answer is signalled, Ctrl-C (when inside ``Interruption/catching(_:)``),
    /// or `seconds` pass.
    func wait(seconds: Double) -> Wake {
        var descriptors = [pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)]
        if Interruption.readEnd >= 0 { descriptors.append(pollfd(fd: Interruption.readEnd, events: Int16(POLLIN), revents: 0)) }
        let milliseconds = Int32(max(0, min(seconds, 3600)) * 1000)
        var ready: Int32
        repeat {
            ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
        } while ready < 0 && errno == EINTR && !Interruption.wasInterrupted
        if Interruption.wasInterrupted { return .interrupted }
        guard ready > 0, descriptors[0].revents != 0 else { return .timedOut }
        Interruption.drain(readEnd)
        return .answered
    }
}
