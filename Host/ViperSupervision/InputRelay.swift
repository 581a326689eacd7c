import Foundation

/// A piped session's input, read by the supervisor and passed on to the worker line by line, so a
/// worker that crashes loses none of it: the next worker gets every line after the last one the
/// crashed worker finished (``WorkerPage/completed``), the crashed one excepted.
///
/// Invariants:
/// - ``lines`` holds every complete line read so far, in order, each with its newline; a last
///   line without one gets one at the end of the input.
/// - What goes to a worker is a suffix of ``lines``, in order, written without blocking (the
///   supervisor must stay free to notice the worker's end), then the end of input once it came.
final class InputRelay {
    private(set) var lines: [[UInt8]] = []
    private var partial: [UInt8] = []
    /// Whether standard input ended.
    private(set) var ended = false
    private var outgoing: [UInt8] = []
    private var sent = 0
    private var writeEnd: Int32 = -1

    /// Starts feeding a new worker through `writeEnd` (non-blocking), from line `index`.
    func attach(writeEnd: Int32, from index: Int) {
        if self.writeEnd >= 0 { close(self.writeEnd) }
        self.writeEnd = writeEnd
        _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
        outgoing = []
        sent = 0
        for line in lines.dropFirst(index) { outgoing += line }
        flush()
    }

    /// Reads what standard input has (it was reported readable).
    func readInput() {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR || errno == EAGAIN { return }
        guard count > 0 else {
            ended = true
            if !partial.isEmpty { take(partial + [0x0A]) }
            partial = []
            flush()
            return
        }
        var start = 0
        for index in 0..<count where buffer[index] == 0x0A {
            take(partial + buffer[start...index])
            partial = []
            start = index + 1
        }
        partial += buffer[start..<count]
        flush()
    }

    private func take(_ line: [UInt8]) {
        lines.append(line)
        outgoing += line
    }

    /// Whether bytes wait for the worker's pipe to have room.
    var wantsWrite: Bool { writeEnd >= 0 && sent < outgoing.count }
    /// The worker's end, while open.
    var descriptor: Int32 { writeEnd }

    /// Writes what the pipe takes now; closes it once everything went and the input ended.
    func flush() {
        guard writeEnd >= 0 else { return }
        while sent < outgoing.count {
            let written = outgoing[sent...].withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
            if written > 0 {
                sent += written
            } else {
                if written < 0, errno == EINTR { continue }
                if written < 0, errno == EPIPE { sent = outgoing.count }  // the worker is gone: the next gets it all
                break
            }
        }
        if sent == outgoing.count {
            outgoing = []
            sent = 0
        }
        if ended, outgoing.isEmpty {
            close(writeEnd)
            writeEnd = -1
        }
    }

    /// Stops feeding (the worker ended).
    func detach() {
        if writeEnd >= 0 { close(writeEnd) }
        writeEnd = -1
        outgoing = []
        sent = 0
    }
}
