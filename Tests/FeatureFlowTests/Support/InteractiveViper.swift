import Foundation
import ViperTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A `viper` shell kept running, fed one line at a time, so a test can wait for a
/// screen and then kill the process as a power cut would. Every wait is bounded.
final class InteractiveViper {
    struct Timeout: Error, CustomStringConvertible {
        let description: String
    }

    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private var seen = Data()
    private var errorsRead: PipeDrain?

    init(_ session: ViperSession) throws {
        process.executableURL = URL(fileURLWithPath: session.executable)
        process.environment = session.environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        errorsRead = PipeDrain(errors.fileHandleForReading)
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Types `line` and a newline.
    func send(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// Reads the output until it contains `text`, for at most `seconds`.
    func waitFor(_ text: String, seconds: Double = 30) throws {
        let deadline = Date().addingTimeInterval(seconds)
        let handle = output.fileHandleForReading
        while !String(decoding: seen, as: UTF8.self).contains(text) {
            guard Date() < deadline else {
                throw Timeout(description: "viper did not print '\(text)' within \(Int(seconds)) s; it printed:\n\(String(decoding: seen, as: UTF8.self))")
            }
            var ready = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 200) > 0 else { continue }
            let chunk = handle.availableData
            if chunk.isEmpty {
                throw Timeout(description: "viper ended before printing '\(text)'")
            }
            seen.append(chunk)
        }
    }

    /// Ends the input (as `quit` or Ctrl-D would) and waits (at most `seconds`) for the process
    /// to exit by itself; returns its exit status (nil when a signal ended it) and everything it
    /// wrote to standard error. What it printed meanwhile is added to ``printed``.
    func finish(seconds: Double = 30) throws -> (status: Int32?, stderr: String) {
        try input.fileHandleForWriting.close()
        let tail = PipeDrain(output.fileHandleForReading)
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning {
            guard Date() < deadline else { throw Timeout(description: "viper did not exit within \(Int(seconds)) s") }
            usleep(20_000)
        }
        seen.append(tail.wait())
        let errorData = errorsRead?.wait() ?? Data()
        let status = process.terminationReason == .exit ? process.terminationStatus : nil
        return (status, String(decoding: errorData, as: UTF8.self))
    }

    /// Ends the process at once with SIGKILL: no clean-up of any kind runs.
    func killNow() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Sends SIGINT, as Ctrl-C on a terminal would.
    func interrupt() {
        kill(process.processIdentifier, SIGINT)
    }

    /// Everything printed so far.
    var printed: String { String(decoding: seen, as: UTF8.self) }

    /// Whether the process died of SIGKILL.
    var wasKilled: Bool {
        process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
    }
}
