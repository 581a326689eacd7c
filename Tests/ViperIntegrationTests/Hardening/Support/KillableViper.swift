import Foundation
import ViperTestSupport

/// A ``RunningViper`` shell fed a batch at a time, that counts the writes it acknowledged
/// as it prints them, so a test knows which ones it acknowledged before it was killed.
final class KillableViper: @unchecked Sendable {
    private let shell: RunningViper
    private let heard = Acknowledgements()

    init(environment: [String: String]) throws {
        shell = try RunningViper(environment: environment) { [heard] line in heard.take(line) }
    }

    /// Sends lines to the shell without waiting for it.
    func send(_ lines: [String]) {
        shell.send(lines)
    }

    /// The titles the shell has acknowledged so far, in order.
    var acknowledgements: [String] { heard.titles }

    var standardError: String { shell.standardError }
    var terminationReason: Process.TerminationReason { shell.terminationReason }
    var terminationStatus: Int32 { shell.terminationStatus }

    /// Waits until `count` writes were acknowledged or the shell ended; false if it ended first.
    func waitForAcknowledgements(_ count: Int) -> Bool {
        shell.wait { heard.titles.count >= count }
    }

    /// SIGKILL now, then wait for both pipes to close.
    func kill() {
        shell.killNow()
    }

    /// Closes standard input (the shell ends at its end) and waits.
    func close() {
        shell.close()
    }
}

/// The titles in "Saved 'N-0001'." and "Added 'T-0002' for …" lines, collected on the reader thread.
private final class Acknowledgements: @unchecked Sendable {
    private let lock = NSLock()
    private var found: [String] = []
    private let acknowledgement = #/(?:Saved|Added) '([NT]-\d+)'/#

    var titles: [String] { lock.withLock { found } }

    func take(_ line: Substring) {
        guard let match = line.firstMatch(of: acknowledgement) else { return }
        lock.withLock { found.append(String(match.1)) }
    }
}
