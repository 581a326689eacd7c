import Foundation
import ViperCore

/// The seal on the scanner's result lines, so that a plugin, whose constructors run in the
/// scanner before its result is written, cannot write results for itself or for the other files
/// of its batch (`viper check`'s channel works the same way):
///
/// - Each scanner gets a secret of its own, 16 random bytes drawn by the parent. It is on neither
///   the command line nor in the environment: a forked scanner gets it in memory, a spawned one
///   (`viper __scan --sealed ...`) reads it from a pipe that is its standard input and puts
///   /dev/null there before it loads anything.
/// - The lines go to a copy of the pipe to the parent at a descriptor number drawn at random
///   (``ScanGuard``), not to a fixed one.
/// - Every line starts with the secret and a tab (`<32 hex digits>\t<line>`). A plugin can find
///   the pipe (it can list /proc/self/fd) and write to it, but without the secret its line is
///   refused, and a refused line breaks the plugin that was loading: writing there at all is
///   tampering. The parent also refuses a sealed line that begins a file out of order or gives a
///   result for a file that is not loading (``ScanWorker``).
///
/// What this does not stop, written down in docs/SECURITY.md: code in the scanner's process can
/// read the secret from its memory and then write lines that pass.
///
/// Invariants: ``text`` is 32 lowercase hex digits; ``open(_:)`` returns a line only when it
/// starts with exactly those digits and a tab.
package struct ScanSeal: Equatable, Sendable {
    /// The secret, as the 32 hex digits that start every line.
    package let text: String
    private let bytes: [UInt8]

    /// The option that tells a spawned scanner to read its secret from standard input.
    package static let option = "--sealed"

    private init(text: String) {
        self.text = text
        self.bytes = Array(text.utf8)
    }

    /// A new secret from the system's random source.
    package static func make() -> ScanSeal {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef")
        var text = ""
        for _ in 0..<16 {
            let byte = UInt8.random(in: 0...255, using: &generator)
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return ScanSeal(text: text)
    }

    /// The seal whose secret is `text`, or nil when `text` is not 32 lowercase hex digits.
    package init?(secret text: String) {
        guard text.utf8.count == 32, text.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
            return nil
        }
        self.init(text: text)
    }

    /// The line under the seal (after the secret and its tab), or nil when it does not start with them.
    package func open(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard line.count > bytes.count, line[line.startIndex + bytes.count] == 0x09,
            line[line.startIndex..<(line.startIndex + bytes.count)].elementsEqual(bytes)
        else { return nil }
        return line[(line.startIndex + bytes.count + 1)...]
    }

    /// A pipe for a spawned scanner's standard input holding the secret and a newline, its
    /// writing end closed: the read end, which the caller closes once the child is started.
    package func inputPipe() throws -> Int32 {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw HostError("cannot create a pipe for the scanner's secret: \(String(cString: strerror(errno)))")
        }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        defer { close(ends[1]) }
        let header = Array((text + "\n").utf8)
        // 33 bytes fit any pipe's buffer: the write does not wait for the child.
        guard write(ends[1], header, header.count) == header.count else {
            close(ends[0])
            throw HostError("cannot write the scanner's secret: \(String(cString: strerror(errno)))")
        }
        return ends[0]
    }

    /// The seal a scanner run with `arguments` writes under: `given` (a forked scanner's), else
    /// the one on standard input when ``option`` asks for it, else none (`.some(nil)`: plain lines,
    /// for a person); nil when ``option`` asks for one that is not there.
    package static func forScanner(given: ScanSeal?, arguments: [String]) -> ScanSeal?? {
        if let given { return .some(given) }
        guard arguments.contains(option) else { return .some(nil) }
        return readFromStandardInput().map { .some($0) }
    }

    /// The child's side: reads the secret from standard input, then puts /dev/null there so that
    /// no plugin can read it; nil when standard input does not hold one.
    package static func readFromStandardInput() -> ScanSeal? {
        var buffer = [UInt8](repeating: 0, count: 33)
        var count = 0
        while count < buffer.count {
            let read = buffer.withUnsafeMutableBytes { Glibc.read(STDIN_FILENO, $0.baseAddress.map { $0 + count }, 33 - count) }
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { break }
            count += read
        }
        let null = Glibc.open("/dev/null", O_RDONLY | O_CLOEXEC)
        if null >= 0 {
            _ = dup2(null, STDIN_FILENO)
            close(null)
        }
        guard count == 33, buffer[32] == 0x0A else { return nil }
        return ScanSeal(secret: String(decoding: buffer[0..<32], as: UTF8.self))
    }

    /// A descriptor number drawn at random to copy the channel to: at least 10, and below the
    /// soft limit on open files (and 1,000), so the plugin cannot count on a fixed one.
    package static func randomDescriptorFloor() -> Int32 {
        var limit = rlimit()
        let soft = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 ? Int(min(limit.rlim_cur, 1000)) : 256
        guard soft > 74 else { return 3 }
        return Int32(Int.random(in: 10..<(soft - 64)))
    }
}
