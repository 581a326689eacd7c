import Foundation
import ViperTestSupport

/// A `viper` shell fed through standard input a batch at a time, whose standard output is
/// read as it comes so a test knows which writes the shell acknowledged before it was killed.
final class KillableViper: @unchecked Sendable {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private let lock = NSLock()
    private var text = ""
    private var acknowledged: [String] = []
    private var errorText = ""
    private let done = DispatchGroup()
    /// Finds the title or name in "Saved 'N-0001'." and "Added 'T-0002' for …".
    private let acknowledgement = #/(?:Saved|Added) '([NT]-\d+)'/#

    init(environment: [String: String]) throws {
        process.executableURL = URL(fileURLWithPath: BuildProducts.viper)
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        for (pipe, isOutput) in [(output, true), (errors, false)] {
            done.enter()
            Thread.detachNewThread { [self] in
                let handle = pipe.fileHandleForReading
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    lock.withLock {
                        if isOutput { absorb(String(decoding: chunk, as: UTF8.self)) } else { errorText += String(decoding: chunk, as: UTF8.self) }
                    }
                }
                done.leave()
            }
        }
    }

    /// Sends lines to the shell without waiting for it.
    func send(_ lines: [String]) {
        input.fileHandleForWriting.write(Data(lines.map { $0 + "\n" }.joined().utf8))
    }

    /// The titles the shell has acknowledged so far, in order.
    var acknowledgements: [String] { lock.withLock { acknowledged } }

    var standardError: String { lock.withLock { errorText } }

    /// Waits until `count` writes were acknowledged or the shell ended; false if it ended first.
    func waitForAcknowledgements(_ count: Int) -> Bool {
        while lock.withLock({ acknowledged.count }) < count {
            if !process.isRunning { return false }
            usleep(500)
        }
        return true
    }

    /// SIGKILL now, then wait for both pipes to close.
    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        finish()
    }

    /// Closes standard input (the shell ends at its end) and waits.
    func close() {
        try? input.fileHandleForWriting.close()
        finish()
    }

    private func finish() {
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
        done.wait()
    }

    /// Keeps only whole lines in `text`, taking acknowledgements from them.
    private func absorb(_ chunk: String) {
        text += chunk
        guard let end = text.lastIndex(of: "\n") else { return }
        for line in text[..<end].split(separator: "\n") {
            if let match = line.firstMatch(of: acknowledgement) {
                acknowledged.append(String(match.1))
            }
        }
        text = String(text[text.index(after: end)...])
    }
}
