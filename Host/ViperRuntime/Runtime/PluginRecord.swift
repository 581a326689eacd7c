import Contracts
import ViperLoading

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
    /// Present once the plugin registered: what its scan (or its load) recorded, shared with
    /// its scan result and decoded when first read.
    package let scanned: ScannedDescriptor?
    /// Present once the plugin registered.
    package var descriptor: PluginDescriptor? { scanned?.descriptor }
    /// Contracts it provides that lost to the user's chosen provider.
    package var overridden: [String]
    /// 1 at start-up, one more each time a new version of its file took over (``HostRuntime/reloadAll()``).
    package var version = 1
    /// How many images of its older versions stay mapped (images are never closed).
    package var olderImages = 0

    package init(
        name: String?, path: String, origin: PluginOrigin, status: Status, reason: String?,
        scanned: ScannedDescriptor?, overridden: [String]
    ) {
        self.name = name
        self.path = path
        self.origin = origin
        self.status = status
        self.reason = reason
        self.scanned = scanned
        self.overridden = overridden
    }

    package init(
        name: String?, path: String, origin: PluginOrigin, status: Status, reason: String?,
        descriptor: PluginDescriptor?, overridden: [String]
    ) {
        self.init(
            name: name, path: path, origin: origin, status: status, reason: reason,
            scanned: descriptor.map(ScannedDescriptor.init), overridden: overridden)
    }

    private enum CodingKeys: String, CodingKey {
        case name, path, origin, status, reason, descriptor, overridden, version, olderImages
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try container.decodeIfPresent(String.self, forKey: .name), path: try container.decode(String.self, forKey: .path),
            origin: try container.decode(PluginOrigin.self, forKey: .origin), status: try container.decode(Status.self, forKey: .status),
            reason: try container.decodeIfPresent(String.self, forKey: .reason),
            descriptor: try container.decodeIfPresent(PluginDescriptor.self, forKey: .descriptor),
            overridden: try container.decode([String].self, forKey: .overridden))
        version = try container.decodeIfPresent(Int.self, forKey: .version) ?? 1
        olderImages = try container.decodeIfPresent(Int.self, forKey: .olderImages) ?? 0
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encode(path, forKey: .path)
        try container.encode(origin, forKey: .origin)
        try container.encode(status, forKey: .status)
        try container.encodeIfPresent(reason, forKey: .reason)
        try container.encodeIfPresent(descriptor, forKey: .descriptor)
        try container.encode(overridden, forKey: .overridden)
        try container.encode(version, forKey: .version)
        try container.encode(olderImages, forKey: .olderImages)
    }

    /// The name to show: the manifest name, or the file name.
    package var displayName: String { name ?? Paths.lastComponent(path) }
}
