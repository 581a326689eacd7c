/// The host's log, resolved as a service: plugins never print (the shell owns the
/// terminal). Messages go to `viper.log` in the data folder.
///
///     let log = try resolver.resolve(Logger.self)
///     log.log(.warning, "feed returned no items", source: "articles")
public protocol Logger: AnyObject {
    /// Writes one message.
    func log(_ level: LogLevel, _ message: String, source: String)
}

/// Severity of a log message.
public enum LogLevel: String, Codable, Sendable, Comparable, CaseIterable {
    /// Detail for debugging.
    case debug
    /// Normal events.
    case info
    /// Something unexpected that was handled.
    case warning
    /// Something failed.
    case error

    private var rank: Int {
        switch self {
        case .debug: return 0
        case .info: return 1
        case .warning: return 2
        case .error: return 3
        }
    }

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rank < rhs.rank }
}
