import Contracts
import ViperLoading

/// How to start the runtime: the command line's and the environment's choices.
package struct RuntimeOptions {
    /// `--plugins DIR` values, in order.
    package var pluginFlags: [String] = []
    /// `--data DIR`.
    package var dataFlag: String?
    /// `--prefer CONTRACT=PLUGIN` and `--prefer ROUTE=PLUGIN` values.
    package var preferences: [String: String] = [:]
    /// Messages at or above this level are echoed to standard error.
    package var echoLevel: LogLevel? = .error
    /// Scan new or changed plugins even when the cache has them (`viper plugins --rescan`).
    package var rescan = false
    /// How plugins are first looked at.
    package var scanMode: ScanModeChoice = .isolated
    /// Seconds a plugin may take to load in the scanner before it is called hung (`VIPER_SCAN_TIMEOUT`).
    package var scanTimeout: Double = 10
    /// The `viper` executable used as the scanner; nil: this process's own, or `viper` beside it.
    package var scannerExecutable: String?
    /// `--allow-insecure-plugins`: load plugins that another account owns or can write (development only).
    package var allowInsecurePlugins = false
    /// Start as if there were no plugin lock (`viper plugins --lock` rewrites it from what is in use).
    package var ignoreLock = false
    /// `--allow-intercept NAME`: plugins allowed to intercept contracts they do not provide.
    package var allowIntercept: [String] = []
    /// `--isolate NAME`: plugins that run in a boxed process of their own (``IsolatedPlugin``).
    package var isolate: [String] = []
    /// `--allow-network NAME`: isolated plugins whose box leaves the network open.
    package var allowNetwork: [String] = []
    /// Folders searched for contract libraries only, after the plugin folders (``ContractLibraryLookup``).
    package var libraryFolders: [PluginFolder] = []
    /// Folders whose contract libraries come before every other copy of the same name
    /// (`viper dev`'s builds of a workspace's libraries; ``ContractLibraryLookup``).
    package var preferredLibraryFolders: [PluginFolder] = []
    /// Plugins not to load, by name, with the reason (a supervised session's worker restarted
    /// without the plugin that crashed it).
    package var excludedPlugins: [String: String] = [:]
    package var environment: [String: String]
    package var executableDirectory: String

    package init(environment: [String: String], executableDirectory: String) {
        self.environment = environment
        self.executableDirectory = executableDirectory
    }
}

/// How the runtime first looks at plugin files.
package enum ScanModeChoice: Sendable {
    /// In a child process (crash-isolated), with a descriptor cache; plugins load lazily on first use.
    case isolated
    /// In this process, every plugin loaded at start-up (no cache). For tests and for machines without the scanner.
    case inProcess
}
