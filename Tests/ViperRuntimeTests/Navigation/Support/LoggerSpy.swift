import Contracts

/// A ``Logger`` that keeps what it was told.
final class LoggerSpy: Logger {
    private(set) var messages: [(level: LogLevel, message: String, source: String)] = []

    func log(_ level: LogLevel, _ message: String, source: String) {
        messages.append((level, message, source))
    }

    /// Messages from `source`.
    func lines(from source: String) -> [String] {
        messages.filter { $0.source == source }.map(\.message)
    }
}
