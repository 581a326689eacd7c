import Foundation

/// A piped session's input, read by the supervisor and passed on to the worker line by line, so a
/// worker that crashes loses none of it: the next worker gets every line after the last one the
/// crashed worker finished (``WorkerPage/completed``), the crashed one excepted.
///
/// Invariants:
/// - ``input`` holds every complete line read so far, in order, each with its newline (a last
///   line without one gets one at the end of the input); ``ends`` holds where each line ends in
///   it. One buffer, not one array a line: a script of many lines costs no allocation a line.
/// - What goes to a worker is a suffix of ``input`` that starts at a line, in order, written
///   without blocking (the supervisor must stay free to notice the worker's end), then the end
///   of input once it came.
final class InputRelay {
    private var input: [UInt8] = []
    private var ends: [Int] = []
    /// Bytes read after the last newline.
    private var partial: [UInt8] = []
    /// Whether standard input ended.
    private(set) var ended = false
    /// Where in ``input`` the next byte for the worker comes from (nil: no worker is fed).
    private var sent: Int?
    private var writeEnd: Int32 = -1
    /// Called once all the input went to a worker and the input ended, before its pipe is closed.
    private let atEnd: () -> Void

    init(atEnd: @escaping () -> Void) {
        self.atEnd = atEnd
    }

    /// Starts feeding a new worker through `writeEnd` (non-blocking), from line `index`.
    func attach(writeEnd: Int32, from index: Int) {
        if self.writeEnd >= 0 { close(self.writeEnd) }
        self.writeEnd = writeEnd
        _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
        sent = index <= 0 ? 0 : index <= ends.count ? ends[index - 1] : input.count
        flush()
    }

    /// Reads what standard input has (it was reported readable).
    func readInput() {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR || errno == EAGAIN { return }
        guard count > 0 else {
            ended = true
            if !partial.isEmpty {
                input += partial
                input.append(0x0A)
                ends.append(input.count)
            }
            partial = []
            flush()
            return
        }
        guard let last = buffer[0..<count].lastIndex(of: 0x0A) else {
            partial += buffer[0..<count]
            return
        }
        let start = input.count + partial.count
        input += partial
        input += buffer[0...last]
        partial = Array(buffer[(last + 1)..<count])
        for index in 0...last where buffer[index] == 0x0A { ends.append(start + index + 1) }
        flush()
    }

    /// Whether bytes wait for the worker's pipe to have room.
    var wantsWrite: Bool { writeEnd >= 0 && (sent ?? input.count) < input.count }
    /// The worker's end, while open.
    var descriptor: Int32 { writeEnd }

    /// Writes what the pipe takes now; closes it once everything went and the input ended.
    func flush() {
        guard writeEnd >= 0, var from = sent else { return }
        while from < input.count {
            let written = input[from...].withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
            if written > 0 {
                from += written
            } else {
                if written < 0, errno == EINTR { continue }
                if written < 0, errno == EPIPE { from = input.count }  // the worker is gone: the next gets it all
                break
            }
        }
        sent = from
        if ended, from == input.count {
            atEnd()
            close(writeEnd)
            writeEnd = -1
        }
    }

    /// Stops feeding (the worker ended).
    func detach() {
        if writeEnd >= 0 { close(writeEnd) }
        writeEnd = -1
        sent = nil
    }
}
