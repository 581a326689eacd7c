import Foundation

/// Runs a program to its end and captures what it printed: the one subprocess runner of
/// the tests (`viper` itself, `swiftc` and `cc` for fixtures, python3 drivers, `mount`).
/// Standard error is read on another thread while standard output is read here, so a
/// child that fills one pipe cannot block on it.
public enum Subprocess {
    /// How a run ended and what it printed.
    public struct Result: Sendable {
        public let status: Int32
        public let stdout: String
        /// Empty when the run merged standard error into standard output.
        public let stderr: String
        /// Whether the process ended by itself rather than by a signal (a crash).
        public let exitedNormally: Bool

        public init(status: Int32, stdout: String, stderr: String, exitedNormally: Bool = true) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
            self.exitedNormally = exitedNormally
        }

        /// Everything it printed: standard output, then standard error (interleaved as
        /// printed when the run merged them).
        public var output: String { stdout + stderr }
    }

    /// Runs `executable ARGUMENTS` and waits for it.
    /// - Parameters:
    ///   - input: written to standard input, which is then closed; nil gives it `/dev/null`.
    ///   - environment: the whole environment; nil inherits this process's.
    ///   - directory: the working folder; nil keeps this process's.
    ///   - mergingErrors: send standard error into the same pipe as standard output, so
    ///     ``Result/stdout`` keeps the order in which lines were printed.
    public static func run(_ executable: String, _ arguments: [String] = [], input: String? = nil,
                           environment: [String: String]? = nil, directory: String? = nil,
                           mergingErrors: Bool = false) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let stdin = input.map { _ in Pipe() }
        process.standardInput = stdin ?? FileHandle.nullDevice
        let stdout = Pipe()
        let stderr = mergingErrors ? stdout : Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let errors = mergingErrors ? nil : PipeReader(stderr)
        if let stdin, let input {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try stdin.fileHandleForWriting.close()
        }
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errorOutput = errors?.wait() ?? Data()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: output, as: UTF8.self),
                      stderr: String(decoding: errorOutput, as: UTF8.self),
                      exitedNormally: process.terminationReason == .exit)
    }

    /// Runs a tool found on PATH (`swiftc`, `cc`, `python3`, ...) through `/usr/bin/env`,
    /// with its standard error merged into ``Result/stdout``.
    public static func tool(_ arguments: [String], in directory: String? = nil,
                            environment: [String: String]? = nil) throws -> Result {
        try run("/usr/bin/env", arguments, environment: environment, directory: directory, mergingErrors: true)
    }
}

/// Reads a pipe to its end on another thread.
private final class PipeReader: @unchecked Sendable {
    // Written once on the reading thread, read only after `done` is signalled.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe) {
        DispatchQueue.global().async {
            self.data = pipe.fileHandleForReading.readDataToEndOfFile()
            self.done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
