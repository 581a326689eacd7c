import ConformanceKit

/// One line the `viper check` child writes to its report file, written before the
/// next check runs so the parent knows where a crash happened.
struct CheckLine: Codable {
    /// The plugin under test, once it registered.
    var plugin: PluginLine?
    /// A check about to run.
    var start: CheckStart?
    /// A check that finished.
    var result: CheckResult?

    struct PluginLine: Codable {
        let name: String
        let version: String
        /// What keeps it from running isolated, as the end of a sentence ("uses service X of
        /// another plugin", ``IsolatedPlugin/obstacle(provides:requires:)``), or nil when nothing does.
        var isolationObstacle: String? = nil
    }

    struct CheckStart: Codable {
        let check: String
        let subject: String
    }
}
