import Contracts

/// Records log messages.
final class SpyLogger: Logger {
    private(set) var messages: [String] = []

    func log(_ level: LogLevel, _ message: String, source: String) {
        messages.append("\(level): \(message)")
    }
}
