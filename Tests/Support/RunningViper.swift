import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A `viper` shell kept running and fed through standard input a line or a batch at a
/// time, so a test can wait for a screen and then end it as a user would (end of input,
/// Ctrl-C) or as a power cut would (SIGKILL). Its standard output and error are read as
/// they come on threads of their own, so neither pipe can fill up and block it; every
/// wait for text is bounded. (``Subprocess`` is for programs that run to their end.)
public final class RunningViper: @unchecked Sendable {
    /// A wait that ran out, saying what was awaited and what had been printed.
    public struct Timeout: Error, CustomStringConvertible {
        public let description: String
    }

    private let process = Process()
    private let input = Pipe()
    /// Guards the fields below; broadcast whenever one of them changes, so a wait wakes on
    /// the event it awaits (new output, the end of output, the exit), not on a timer.
    private let lock = NSCondition()
    private var output = Data()
    private var errors = Data()
    private var outputEnded = false
    private var exited = false
    /// Counts the events above, and each batch of lines handed to `onOutputLine`.
    private var events = 0
    private let readers = DispatchGroup()

    /// Starts `executable` (the built `viper` unless told otherwise) with `environment`.
    /// `onOutputLine` hears each whole line of standard output as it arrives, on a reader thread.
    public init(executable: String = BuildProducts.viper, arguments: [String] = [], environment: [String: String],
                onOutputLine: (@Sendable (Substring) -> Void)? = nil) throws {
        let output = Pipe(), errors = Pipe()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        process.terminationHandler = { [weak self] _ in
            guard let self else { return }
            lock.withLock { exited = true; events += 1; lock.broadcast() }
        }
        try process.run()
        read(output.fileHandleForReading, onLine: onOutputLine) { [self] chunk in self.output.append(chunk) }
        read(errors.fileHandleForReading, onLine: nil) { [self] chunk in self.errors.append(chunk) }
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Types `line` and a newline.
    public func send(_ line: String) {
        send([line])
    }

    /// Types each of `lines` followed by a newline, without waiting for the shell.
    public func send(_ lines: [String]) {
        input.fileHandleForWriting.write(Data(lines.map { $0 + "\n" }.joined().utf8))
    }

    /// Everything printed on standard output so far.
    public var printed: String { lock.withLock { String(decoding: output, as: UTF8.self) } }

    /// Everything written to standard error so far.
    public var standardError: String { lock.withLock { String(decoding: errors, as: UTF8.self) } }

    public var isRunning: Bool { process.isRunning }
    /// The process id (to read its /proc entries).
    public var processIdentifier: Int32 { process.processIdentifier }
    public var terminationReason: Process.TerminationReason { process.terminationReason }
    public var terminationStatus: Int32 { process.terminationStatus }

    /// Whether the process died of SIGKILL.
    public var wasKilled: Bool {
        process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
    }

    /// Waits until standard output contains `text`, for at most `seconds`.
    public func waitFor(_ text: String, seconds: Double = 30) throws {
        let deadline = Date().addingTimeInterval(seconds)
        lock.lock()
        defer { lock.unlock() }
        while true {
            let seen = String(decoding: output, as: UTF8.self)
            if seen.contains(text) { return }
            if outputEnded { throw Timeout(description: "viper ended before printing '\(text)'; it printed:\n\(seen)") }
            guard lock.wait(until: deadline) else {
                let last = String(decoding: output, as: UTF8.self)
                if last.contains(text) { return }
                throw Timeout(description: "viper did not print '\(text)' within \(Int(seconds)) s; it printed:\n\(last)")
            }
        }
    }

    /// Waits until `condition` holds or the shell has ended (false if it ended first), for at
    /// most `seconds`. `condition` is tried again on each event: output, lines heard, the exit.
    public func wait(seconds: Double = 60, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let seen = lock.withLock { events }
            if condition() { return true }
            let (ended, timedOut) = lock.withLock {
                var timedOut = false
                while events == seen, !exited, !timedOut { timedOut = !lock.wait(until: deadline) }
                return (exited, timedOut)
            }
            if ended || timedOut { return condition() }
        }
    }

    /// Ends the input (as `quit` or Ctrl-D would) and waits (at most `seconds`) for the process
    /// to exit by itself; returns its exit status (nil when a signal ended it) and everything it
    /// wrote to standard error.
    public func finish(seconds: Double = 30) throws -> (status: Int32?, stderr: String) {
        try input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(seconds)
        let ended = lock.withLock {
            while !exited, lock.wait(until: deadline) {}
            return exited
        }
        guard ended else { throw Timeout(description: "viper did not exit within \(Int(seconds)) s") }
        process.waitUntilExit()
        readers.wait()
        let status = process.terminationReason == .exit ? process.terminationStatus : nil
        return (status, standardError)
    }

    /// Closes standard input (the shell ends at its end), then waits for it and for both pipes.
    public func close() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        readers.wait()
    }

    /// Ends the process at once with SIGKILL (no clean-up of any kind runs), then waits for it
    /// and for what it printed before it died.
    public func killNow() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
        readers.wait()
    }

    /// Sends SIGINT, as Ctrl-C on a terminal would.
    public func interrupt() {
        kill(process.processIdentifier, SIGINT)
    }

    /// Reads `handle` to its end on a thread of its own, appending under the lock and handing
    /// whole lines to `onLine`.
    private func read(_ handle: FileHandle, onLine: (@Sendable (Substring) -> Void)?, append: @escaping @Sendable (Data) -> Void) {
        readers.enter()
        Thread.detachNewThread { [self] in
            var partial = ""
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                lock.withLock { append(chunk); events += 1; lock.broadcast() }
                guard let onLine else { continue }
                partial += String(decoding: chunk, as: UTF8.self)
                guard let end = partial.lastIndex(of: "\n") else { continue }
                for line in partial[..<end].split(separator: "\n") { onLine(line) }
                lock.withLock { events += 1; lock.broadcast() }  // what `onLine` changed may be awaited
                partial = String(partial[partial.index(after: end)...])
            }
            markEnded(handle)
            readers.leave()
        }
    }

    private func markEnded(_ handle: FileHandle) {
        guard let stdout = process.standardOutput as? Pipe, stdout.fileHandleForReading === handle else { return }
        lock.withLock { outputEnded = true; events += 1; lock.broadcast() }
    }
}
