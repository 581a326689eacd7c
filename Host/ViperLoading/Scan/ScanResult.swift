import Contracts

/// What scanning one plugin file found: a descriptor, or why it is broken.
package struct ScanResult: Hashable {
    package enum Outcome: Hashable {
        /// It loaded and registered (its descriptor, shared and decoded on demand).
        case ok(ScannedDescriptor)
        /// Loading reported an error (a `PluginLoadError` message).
        case failed(String)
        /// It crashed or hung the scanner: skipped until the file changes.
        case broken(String)

        /// It loaded and registered `descriptor`.
        package static func ok(_ descriptor: PluginDescriptor) -> Outcome {
            .ok(ScannedDescriptor(descriptor))
        }
    }

    package let stamp: FileStamp
    package let outcome: Outcome
    /// The kind of failure, for `.failed` (a refusal by the lock is not a verdict on the file).
    package var code: PluginLoadError.Code? { didSet { line = nil } }
    /// SHA-256 of the bytes the scanner opened (and loaded), when it got that far.
    package var sha256: String? { didSet { line = nil } }
    /// The line this result was read from (the scanner's or the cache's), so writing the cache
    /// copies it instead of encoding it again (encoding is a noticeable share of a cold start's
    /// own work), and the kept graph's key hashes it as it is. Nil when made or
    /// changed here; not part of equality.
    package private(set) var line: RecordLine?

    package init(stamp: FileStamp, outcome: Outcome, code: PluginLoadError.Code? = nil, sha256: String? = nil) {
        self.stamp = stamp
        self.outcome = outcome
        self.code = code
        self.sha256 = sha256
    }

    /// The result read from `line`, which encodes it exactly (``RecordCodec/decode(_:)``, ``DescriptorIndex/result(_:stamp:)``).
    /// Each field is set here, not through the other initializer: delegating makes the result, copies
    /// it and destroys the copy, for every plugin at every warm start.
    package init(stamp: FileStamp, outcome: Outcome, code: PluginLoadError.Code?, sha256: String?, line: RecordLine) {
        self.stamp = stamp
        self.outcome = outcome
        self.code = code
        self.sha256 = sha256
        self.line = line
    }

    package static func == (left: ScanResult, right: ScanResult) -> Bool {
        // Two results read from one line are equal (the line encodes its result exactly), without
        // walking their descriptors: a warm start compares the cache's 1,000 entries with what it keeps.
        if let line = left.line, line == right.line { return true }
        return left.stamp == right.stamp && left.outcome == right.outcome && left.code == right.code && left.sha256 == right.sha256
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(stamp)
        hasher.combine(outcome)
        hasher.combine(code)
        hasher.combine(sha256)
    }

    /// The digest with the stamp it belongs to.
    package var knownDigest: KnownDigest? { sha256.map { KnownDigest(stamp: stamp, sha256: $0) } }
}
