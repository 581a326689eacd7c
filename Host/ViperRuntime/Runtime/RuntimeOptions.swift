import Contracts

/// How to start the runtime: the command line's and the environment's choices.
public struct RuntimeOptions {
    /// `--plugins DIR` values, in order.
    public var pluginFlags: [String] = []
    /// `--data DIR`.
    public var dataFlag: String?
    /// `--prefer CONTRACT=PLUGIN` values.
    public var preferences: [String: String] = [:]
    /// Messages at or above this level are echoed to standard error.
    public var echoLevel: LogLevel? = .error
    public var environment: [String: String]
    public var executableDirectory: String

    public init(environment: [String: String], executableDirectory: String) {
        self.environment = environment
        self.executableDirectory = executableDirectory
    }
}
