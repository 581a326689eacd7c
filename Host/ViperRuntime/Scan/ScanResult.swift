import Contracts

/// What scanning one plugin file found: a descriptor, or why it is broken.
package struct ScanResult: Hashable {
    package enum Outcome: Hashable {
        /// It loaded and registered.
        case ok(PluginDescriptor)
        /// Loading reported an error (a `PluginLoadError` message).
        case failed(String)
        /// It crashed or hung the scanner: skipped until the file changes.
        case broken(String)
    }

    let stamp: FileStamp
    let outcome: Outcome
    /// The kind of failure, for `.failed` (a refusal by the lock is not a verdict on the file).
    var code: PluginLoadError.Code?
    /// SHA-256 of the bytes the scanner opened (and loaded), when it got that far.
    var sha256: String?

    package init(stamp: FileStamp, outcome: Outcome, code: PluginLoadError.Code? = nil, sha256: String? = nil) {
        self.stamp = stamp
        self.outcome = outcome
        self.code = code
        self.sha256 = sha256
    }

    /// The digest with the stamp it belongs to.
    var knownDigest: KnownDigest? { sha256.map { KnownDigest(stamp: stamp, sha256: $0) } }
}
