import Foundation
import ViperCore

/// A supervised worker's standard error, passed on by the supervisor. The worker
/// writes to a pipe; the supervisor reads it and writes it to its own standard error at once,
/// except the Swift runtime's last words (`FILE:LINE: Fatal error: MESSAGE` and all after it),
/// which it holds: when the worker then dies they become the cause in viper's one line
/// (`SIGILL: fatal error: MESSAGE`) and go to the crash report, instead of lines above it; when the
/// worker goes on (a plugin printed such a line itself), or ends well, they are passed on.
///
/// Order: before viper writes a screen or a prompt and after it writes an error line, the worker
/// waits (``awaitRelayed()``) until the pipe is empty and the supervisor is not between reading and
/// writing bytes, so what it wrote to its two outputs reaches the terminal in the order it wrote it.
/// It waits only when the two outputs end in the same file (``outputsMeet()``): elsewhere there
/// is no order between them to keep, and the wait would cost every command a system call.
///
/// Invariants:
/// - One pipe for the whole session: a worker's children (a build, the scanner) keep writing to it
///   after a restart; both ends are close-on-exec in the supervisor, the worker's is its descriptor 2.
/// - The supervisor marks the page busy (``WorkerPage/relayBusyOffset``) before it reads and clears
///   the mark after it wrote; the worker reads the mark only after the pipe was found empty.
package final class ErrorRelay {
    private let readEnd: Int32
    private let writeEnd: Int32
    private let page: WorkerPage
    private var held: [UInt8] = []
    private var heldSince: Int64 = 0
    /// How long held words wait for the worker to die before they are passed on.
    static let holdMilliseconds: Int64 = 1500
    /// The most the supervisor holds: a runtime's last words with a backtrace are a few KiB; a
    /// worker that goes on writing past this is not dying of them, and what is held is passed on.
    static let holdLimit = 256 << 10
    /// The most one ``pump()`` reads (64 KiB a read): a worker that keeps the pipe full cannot
    /// keep the supervisor from its other work (Ctrl-C, a command's time).
    static let readsPerPump = 16
    /// What starts the runtime's last words on a line.
    static let markers = ["Fatal error", "Fatal access conflict", "Simultaneous accesses to ", "Could not cast value of type"]

    /// Makes the pipe; nil when it cannot (the worker then writes to the supervisor's standard error).
    init?(page: WorkerPage) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        readEnd = ends[0]
        writeEnd = ends[1]
        self.page = page
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    }

    /// The descriptor the supervisor polls.
    var descriptor: Int32 { readEnd }

    /// Whether held words wait (the supervisor then wakes often enough to pass them on in time).
    var isHolding: Bool { !held.isEmpty }

    /// In a new worker: its standard error becomes the pipe, noted on the page with whether the
    /// supervisor's standard error is a terminal (for the worker's colours).
    func attachInWorker(page: WorkerPage) {
        let terminal: Int32 = isatty(STDERR_FILENO) == 1 ? 1 : 0
        let meet: Int32 = Self.outputsMeet() ? 1 : 0
        guard dup2(writeEnd, STDERR_FILENO) >= 0 else { return }
        close(readEnd)
        close(writeEnd)
        page.base.storeBytes(of: terminal, toByteOffset: WorkerPage.errorsTerminalOffset, as: Int32.self)
        page.base.storeBytes(of: meet, toByteOffset: WorkerPage.errorsMeetOutputOffset, as: Int32.self)
        page.base.storeBytes(of: Int32(1), toByteOffset: WorkerPage.relayedOffset, as: Int32.self)
    }

    /// Whether standard output and standard error are the same file, other than the null device
    /// (which keeps nothing, so no order): then the worker waits for its error lines to be passed
    /// on before it writes more output. When they cannot be told apart, they are taken to meet.
    static func outputsMeet() -> Bool {
        var output = stat(), errors = stat()
        guard fstat(STDOUT_FILENO, &output) == 0, fstat(STDERR_FILENO, &errors) == 0 else { return true }
        guard output.st_dev == errors.st_dev, output.st_ino == errors.st_ino else { return false }
        var null = stat()
        let isNull = output.st_mode & S_IFMT == S_IFCHR && stat("/dev/null", &null) == 0 && null.st_rdev == output.st_rdev
        return !isNull
    }

    /// Passes on what the worker wrote (the pipe was reported readable, or the worker ended),
    /// holding the runtime's last words; passes on held words that waited too long.
    func pump() {
        page.base.storeBytes(of: Int32(1), toByteOffset: WorkerPage.relayBusyOffset, as: Int32.self)
        defer { page.base.storeBytes(of: Int32(0), toByteOffset: WorkerPage.relayBusyOffset, as: Int32.self) }
        var buffer = [UInt8](repeating: 0, count: 65536)
        for _ in 0..<Self.readsPerPump {
            let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            take(buffer[0..<count])
        }
        if !held.isEmpty, WorkerPage.now() - heldSince > Self.holdMilliseconds { release() }
    }

    /// Passes on held words (the worker did not die of them).
    func release() {
        Self.pass(held[...])
        held = []
    }

    /// After the worker died: what it said last (the runtime's message, as the cause's second half:
    /// `fatal error: MESSAGE`) and all the held text (for the report); nil when nothing was held.
    func lastWords() -> (cause: String, text: String)? {
        pump()
        guard !held.isEmpty else { return nil }
        let text = String(decoding: held, as: UTF8.self)
        held = []
        return (Self.cause(of: text), text)
    }

    /// `X.swift:12: Fatal error: Boom\n…` → `fatal error: Boom`; another marked line as it is.
    static func cause(of text: String) -> String {
        let line = text.split(separator: "\n").first { line in markers.contains { line.contains($0) } }.map(String.init) ?? ""
        var said = line
        if let fatal = line.range(of: "Fatal error") { said = "f" + line[line.index(after: fatal.lowerBound)...] }
        said = PrintableText.oneLine(said.trimmingCharacters(in: .whitespaces))
        return said.count > 200 ? String(said.prefix(199)) + "…" : said
    }

    private func take(_ chunk: ArraySlice<UInt8>) {
        if !held.isEmpty {
            held += chunk
            if held.count > Self.holdLimit { release() }
            return
        }
        guard let start = Self.lineStartOfMarker(in: chunk) else {
            Self.pass(chunk)
            return
        }
        Self.pass(chunk[chunk.startIndex..<start])
        held = Array(chunk[start...])
        heldSince = WorkerPage.now()
    }

    /// Where the line that holds a marker starts in `chunk`, or nil.
    static func lineStartOfMarker(in chunk: ArraySlice<UInt8>) -> Int? {
        let text = String(decoding: chunk, as: UTF8.self)
        guard markers.contains(where: { text.contains($0) }) else { return nil }
        var lineStart = chunk.startIndex
        var index = chunk.startIndex
        while index < chunk.endIndex {
            if chunk[index] == 0x0A {
                let line = String(decoding: chunk[lineStart..<index], as: UTF8.self)
                if markers.contains(where: { line.contains($0) }) { return lineStart }
                lineStart = index + 1
            }
            index += 1
        }
        return lineStart < chunk.endIndex ? lineStart : nil
    }

    private static func pass(_ bytes: ArraySlice<UInt8>) {
        var rest = bytes
        while !rest.isEmpty {
            let written = rest.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR || errno == EAGAIN { continue }
            guard written > 0 else { return }
            rest = rest.dropFirst(written)
        }
    }

    // MARK: In the worker

    /// Whether this process is a worker whose standard error the supervisor passes on.
    package static var isRelayed: Bool {
        WorkerPage.current?.base.load(fromByteOffset: WorkerPage.relayedOffset, as: Int32.self) == 1
    }

    /// Whether standard error ends on a terminal (behind the supervisor, in a relayed worker).
    package static var errorsReachTerminal: Bool {
        if isRelayed { return WorkerPage.current?.base.load(fromByteOffset: WorkerPage.errorsTerminalOffset, as: Int32.self) == 1 }
        return isatty(STDERR_FILENO) == 1
    }

    /// In a relayed worker, waits (at most a second) until what it wrote to standard error was passed on.
    package static func awaitRelayed() {
        WorkerPage.current?.awaitErrorsRelayed()
    }
}
