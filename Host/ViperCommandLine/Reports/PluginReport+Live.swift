import ViperRuntime

/// What `viper plugins` and `doctor` say of a plugin that a reload replaced (docs/ARCHITECTURE.md, "Live plugins").
extension PluginReport {
    /// "version 2 since viper started (1 older image still mapped)", for a plugin a reload replaced; nil otherwise.
    static func liveText(_ record: PluginRecord) -> String? {
        guard record.version > 1 else { return nil }
        let images = record.olderImages == 1 ? "1 older image still mapped" : "\(record.olderImages) older images still mapped"
        return "version \(record.version) since viper started (\(images))"
    }

    /// One `reloaded:` line per plugin a reload replaced, for `doctor`.
    static func liveLines(_ runtime: HostRuntime) -> [String] {
        runtime.records.compactMap { record in liveText(record).map { "reloaded: \(record.displayName) is at \($0)" } }
    }
}
