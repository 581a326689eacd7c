import ConformanceKit
import Foundation

/// The channel `viper check`'s child reports on, built so that the plugin under test, whose
/// constructors run in the child before any check, cannot write the verdict:
///
/// - It is one end of a `socketpair` (`SOCK_SEQPACKET`: one message per send, no interleaving),
///   placed by the parent at a descriptor number drawn at random for the run. Neither the
///   number nor the run's secret is on the child's command line or in its environment: the
///   parent writes both to a pipe that is the child's standard input, and the child reads
///   them and replaces standard input with /dev/null before it loads anything.
/// - Every message carries the secret and a sequence number (``Envelope``). The plugin can
///   find the socket (it can list /proc/self/fd) and write to it, but without the secret its
///   messages are refused, and a refused message fails the check: writing to the channel at
///   all is tampering.
/// - The parent decides (``CheckTranscript``): the child must end its report with an `end`
///   message that counts its results; a child that ends without one, leaves a check without a
///   result, or reports a check it did not start, fails.
///
/// What this does not stop, written down in docs/SECURITY.md: code in the same process can read
/// the secret from the child's memory, or patch the checker, and then write a report that passes.
enum CheckChannel {
    /// One message: the secret, the place in the run, and a report line or the end.
    struct Envelope: Codable {
        /// The run's secret, hex.
        var secret: String
        /// 0, 1, 2, ... in the order sent.
        var sequence: Int
        /// A line of the report.
        var line: CheckLine?
        /// The number of results sent, as the last message.
        var end: Int?
    }

    /// The first bytes on the child's standard input: `"<descriptor>\n<secret>\n"`.
    static func header(descriptor: Int32, secret: String) -> String {
        "\(descriptor)\n\(secret)\n"
    }

    /// Reads the header from standard input, then puts /dev/null there; nil when it is not there.
    static func readHeader() -> (descriptor: Int32, secret: String)? {
        guard isatty(STDIN_FILENO) == 0 else { return nil }  // typed by a person: no parent, no header
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        // Byte by byte, so nothing after the header is taken from the pipe (there is nothing, by design).
        while bytes.filter({ $0 == 0x0A }).count < 2, bytes.count < 256, read(STDIN_FILENO, &byte, 1) == 1 {
            bytes.append(byte)
        }
        let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
        if null >= 0 {
            _ = dup2(null, STDIN_FILENO)
            close(null)
        }
        let parts = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        guard parts.count == 2, let descriptor = Int32(parts[0]), descriptor > 2, parts[1].count == 64 else { return nil }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        closeDescriptors(above: 2, except: descriptor)
        return (descriptor, parts[1])
    }

    /// Closes every descriptor above `floor` but `kept`: what the person's shell left open
    /// (a terminal, its pipes) must not reach the plugin.
    private static func closeDescriptors(above floor: Int32, except kept: Int32) {
        var open: [Int32] = []
        if let folder = opendir("/proc/self/fd") {
            let own = dirfd(folder)
            while let entry = readdir(folder) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if let descriptor = Int32(name), descriptor > floor, descriptor != kept, descriptor != own { open.append(descriptor) }
            }
            closedir(folder)
        }
        for descriptor in open { close(descriptor) }
    }

    /// A new secret: 32 random bytes as hex.
    static func makeSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// The child's side: sends envelopes in order.
    final class Sender {
        private let descriptor: Int32
        private let secret: String
        private var sequence = 0
        private let encoder = JSONEncoder()
        /// Results sent so far (the `end` message counts them).
        private(set) var results = 0
        /// The largest message sent; a longer reason is cut to fit (a socket buffer holds about 200 KiB).
        static let largest = 60_000

        init(descriptor: Int32, secret: String) {
            self.descriptor = descriptor
            self.secret = secret
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        }

        func send(_ line: CheckLine) {
            if line.result != nil { results += 1 }
            send(Envelope(secret: secret, sequence: sequence, line: line))
        }

        /// The last message: how many results were sent.
        func end() {
            send(Envelope(secret: secret, sequence: sequence, end: results))
        }

        private func send(_ envelope: Envelope) {
            sequence += 1
            guard var data = try? encoder.encode(envelope) else { return }
            if data.count > Self.largest, var line = envelope.line, let result = line.result {
                line.result = result.cut(to: Self.largest / 2)
                data = (try? encoder.encode(Envelope(secret: secret, sequence: envelope.sequence, line: line))) ?? data
            }
            data.withUnsafeBytes { bytes in
                while Glibc.send(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)) < 0, errno == EINTR {}
            }
        }
    }
}

extension CheckResult {
    /// The same result with its reason cut to `limit` characters (for a message that must fit the channel).
    fileprivate func cut(to limit: Int) -> CheckResult {
        let shorter = reason.map { $0.count > limit ? String($0.prefix(limit)) + "…" : $0 }
        guard applicable else { return .notApplicable(check: check, subject: subject, reason: shorter ?? "") }
        return CheckResult(check: check, subject: subject, passed: passed, reason: shorter)
    }
}
