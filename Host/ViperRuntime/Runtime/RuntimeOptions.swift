import Contracts

/// How to start the runtime: the command line's and the environment's choices.
public struct RuntimeOptions {
    /// `--plugins DIR` values, in order.
    public var pluginFlags: [String] = []
    /// `--data DIR`.
    public var dataFlag: String?
    /// `--prefer CONTRACT=PLUGIN` and `--prefer ROUTE=PLUGIN` values.
    public var preferences: [String: String] = [:]
    /// Messages at or above this level are echoed to standard error.
    public var echoLevel: LogLevel? = .error
    /// Scan new or changed plugins even when the cache has them (`viper plugins --rescan`).
    public var rescan = false
    /// How plugins are first looked at.
    public var scanMode: ScanModeChoice = .isolated
    /// Seconds a plugin may take to load in the scanner before it is called hung (`VIPER_SCAN_TIMEOUT`).
    public var scanTimeout: Double = 10
    /// The `viper` executable used as the scanner; nil: this process's own, or `viper` beside it.
    public var scannerExecutable: String?
    /// `--allow-insecure-plugins`: load plugins that another account owns or can write (development only).
    public var allowInsecurePlugins = false
    /// Start as if there were no plugin lock (`viper plugins --lock` rewrites it from what is in use).
    public var ignoreLock = false
    public var environment: [String: String]
    public var executableDirectory: String

    public init(environment: [String: String], executableDirectory: String) {
        self.environment = environment
        self.executableDirectory = executableDirectory
    }
}

/// How the runtime first looks at plugin files.
public enum ScanModeChoice: Sendable {
    /// In a child process (crash-isolated), with a descriptor cache; plugins load lazily on first use.
    case isolated
    /// In this process, every plugin loaded at start-up (no cache). For tests and for machines without the scanner.
    case inProcess
}
