import Contracts

/// A ``Logger`` that keeps messages in memory.
public final class MemoryLogger: Logger {
    /// One message.
    public struct Entry: Hashable {
        /// Severity.
        public let level: LogLevel
        /// Text.
        public let message: String
        /// Who logged it.
        public let source: String
    }

    /// Every message, in order.
    public private(set) var entries: [Entry] = []

    /// Makes an empty log.
    public init() {}

    /// Keeps the message.
    public func log(_ level: LogLevel, _ message: String, source: String) {
        entries.append(Entry(level: level, message: message, source: source))
    }
}
