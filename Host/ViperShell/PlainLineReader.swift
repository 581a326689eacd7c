import Foundation

/// Reads standard input line by line, with no prompt: for scripted sessions
/// (`printf 'open notes\nquit\n' | viper`). It reads ahead in blocks of its own (not through
/// stdio), so it can tell whether the next line already waits (``hasWaitingLine``): a supervised
/// worker writes its journal to the file only before it would wait for input.
///
/// A line is what comes before a newline (a `\r` before it is dropped too); the last line may
/// end without one. Bytes that are not UTF-8 are repaired as `Swift.readLine` repairs them.
final class PlainLineReader: LineReader {
    private var buffer: [UInt8] = []
    /// Where the next line starts in ``buffer``.
    private var next = 0
    private var ended = false
    private static let block = 65536
    /// Standard input as the reader found it (device and inode), to tell its end from its being
    /// closed or replaced under the shell (plugin code runs in this process).
    private let source = DescriptorIdentity.of(STDIN_FILENO)
    /// How input was taken away, when it did not simply end: "was closed", "was replaced", or
    /// "could not be read (…)"; nil while it is read, and after a true end.
    private(set) var lost: String?

    func readLine(prompt: String) -> String? {
        while true {
            if let newline = buffer[next...].firstIndex(of: 0x0A) {
                let line = take(upTo: newline)
                next = newline + 1
                return line
            }
            if ended {
                guard next < buffer.count else { return nil }
                let line = take(upTo: buffer.count)
                next = buffer.count
                return line
            }
            fill()
        }
    }

    /// Whether a whole line is already read and waits: the next ``readLine(prompt:)`` will not block.
    var hasWaitingLine: Bool { buffer[next...].contains(0x0A) }

    /// The line from ``next`` up to `end` (a newline or the end of input), without a `\r` before it.
    private func take(upTo end: Int) -> String {
        var last = end
        if last > next, buffer[last - 1] == 0x0D { last -= 1 }
        return String(decoding: buffer[next..<last], as: UTF8.self)
    }

    /// Reads the next block of input after what is left unread.
    private func fill() {
        buffer.removeFirst(next)
        next = 0
        var block = [UInt8](repeating: 0, count: Self.block)
        while true {
            let count = block.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                ended = true
                if count < 0 {
                    // Not open from the start (`viper <&-`) is an empty script, not a taken input.
                    if source != nil { lost = errno == EBADF ? "was closed" : "could not be read (\(String(cString: strerror(errno))))" }
                } else if DescriptorIdentity.of(STDIN_FILENO) != source {
                    lost = "was replaced"
                }
                return
            }
            buffer += block[0..<count]
            return
        }
    }

    /// Scripted sessions keep no history.
    func remember(_ line: String) {}

    func close() {}
}
