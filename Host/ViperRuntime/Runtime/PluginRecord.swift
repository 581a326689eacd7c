import Contracts

/// What the host knows about one plugin file after start-up: shown by `viper plugins`.
package struct PluginRecord: Codable, Sendable {
    package enum Status: String, Codable, Sendable {
        /// Loaded into this process.
        case loaded
        /// Validated from its descriptor; loads when a route or service first needs it.
        case ready
        /// Refused or failed; `reason` says why.
        case disabled
        /// Crashed or hung the scanner; skipped until its file changes.
        case broken
    }

    /// The manifest name, or nil when the file never registered.
    package let name: String?
    package let path: String
    package let origin: PluginOrigin
    package var status: Status
    /// Why it is disabled.
    package var reason: String?
    /// Present once the plugin registered.
    package let descriptor: PluginDescriptor?
    /// Contracts it provides that lost to the user's chosen provider.
    package var overridden: [String]
    /// 1 at start-up, one more each time a new version of its file took over (``HostRuntime/reloadAll()``).
    package var version = 1
    /// How many images of its older versions stay mapped (images are never closed).
    package var olderImages = 0

    /// The name to show: the manifest name, or the file name.
    package var displayName: String { name ?? Paths.lastComponent(path) }
}
