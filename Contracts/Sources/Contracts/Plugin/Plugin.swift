/// A plugin: describes itself and registers its modules and services.
///
/// Every plugin `.so` exports two C symbols that call into this type:
///
///     import Contracts
///
///     @_cdecl("viper_plugin_abi")
///     public func viperPluginABI() -> UInt32 { ContractsVersion.compiledPacked }
///
///     @_cdecl("viper_plugin_entry")
///     public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 {
///         PluginEntry.run(host, plugin: NotesPlugin.self)
///     }
///
///     enum NotesPlugin: Plugin {
///         static let manifest = PluginManifest(name: "notes", version: "1.0.0", summary: "Notes with sign-in")
///         static func register(in registrar: any Registrar) throws { ... }
///     }
public protocol Plugin {
    /// Name, version and summary.
    static var manifest: PluginManifest { get }

    /// Registers the plugin's modules, services and adapters. Runs once per
    /// process; throw to refuse loading (the message is shown to the user).
    static func register(in registrar: any Registrar) throws

    /// The contract libraries the plugin was built against, each at the version it was
    /// compiled with (``ContractLibraryVersion``). viper refuses the plugin when one is
    /// not installed, or is older than this. Empty by default: most plugins share only Contracts.
    static var contractLibraries: [ContractLibraryVersion] { get }
}

extension Plugin {
    /// No contract library: the plugin shares only the protocols in Contracts.
    public static var contractLibraries: [ContractLibraryVersion] { [] }
}

/// How a plugin names and describes itself.
public struct PluginManifest: Hashable, Codable, Sendable {
    /// Unique, lower-case name, e.g. `notes`.
    public let name: String
    /// The plugin's own version, e.g. `1.2.0`.
    public let version: String
    /// One line for `viper plugins`.
    public let summary: String

    /// Describes a plugin.
    public init(name: String, version: String, summary: String) {
        self.name = name
        self.version = version
        self.summary = summary
    }
}
