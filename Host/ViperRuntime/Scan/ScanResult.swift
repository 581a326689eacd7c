import Contracts

/// What scanning one plugin file found: a descriptor, or why it is broken.
struct ScanResult: Codable, Hashable {
    enum Outcome: Codable, Hashable {
        /// It loaded and registered.
        case ok(PluginDescriptor)
        /// Loading reported an error (a `PluginLoadError` message).
        case failed(String)
        /// It crashed or hung the scanner: skipped until the file changes.
        case broken(String)
    }

    let stamp: FileStamp
    let outcome: Outcome
}
