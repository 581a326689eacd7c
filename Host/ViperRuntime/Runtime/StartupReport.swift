import ViperCore

/// What ``HostRuntime/start()`` found: every plugin file with its status, every
/// problem, and the notices that are not problems with a plugin.
///
/// Invariants: a snapshot taken when start-up finished; lazy loads after it change
/// ``HostRuntime/records`` and ``HostRuntime/problems``, never the report. `viper`
/// prints each warning as a `warning:` line before any command runs.
package struct StartupReport: Sendable {
    /// Every plugin file found, in search order.
    package let records: [PluginRecord]
    /// Everything wrong, each reported once.
    package let problems: [Problem]
    /// Notices such as `--allow-insecure-plugins` being in force.
    package let warnings: [String]
}
