/// The handshake between a plugin's `viper_plugin_entry` symbol and the host.
public enum PluginEntry {
    /// Status: registered.
    public static let ok: Int32 = 0
    /// Status: ``Plugin/register(in:)`` threw; the host has the message.
    public static let registrationFailed: Int32 = 1
    /// Status: the pointer passed in is not a viper host.
    public static let notAHost: Int32 = 2
    /// Status: the host refused the plugin (for example a duplicate name).
    public static let refused: Int32 = 3

    /// Runs `plugin`'s registration against the host behind `host`. Call it from
    /// your `@_cdecl("viper_plugin_entry")` function and return its result.
    ///
    /// Leave `compiler` out: its default is worked out where the plugin is compiled,
    /// so the host learns which Swift compiler built the plugin.
    public static func run(_ host: UnsafeMutableRawPointer?, plugin: any Plugin.Type,
                           compiler: SwiftCompilerVersion? = .compiling) -> Int32 {
        guard let host,
              let connection = Unmanaged<AnyObject>.fromOpaque(host).takeUnretainedValue() as? _PluginConnection
        else { return notAHost }
        if let compiler { connection._record(compiler: compiler) }
        let libraries = plugin.contractLibraries
        if !libraries.isEmpty { connection._record(contractLibraries: libraries) }
        guard let registrar = connection._begin(manifest: plugin.manifest) else { return refused }
        do {
            try plugin.register(in: registrar)
            return ok
        } catch {
            connection._fail(String(describing: error))
            return registrationFailed
        }
    }

    /// The entry of Contracts 1.0, kept so plugins built against it still load; their
    /// compiler shows as unknown. New code calls ``run(_:plugin:compiler:)``.
    @_disfavoredOverload
    public static func run(_ host: UnsafeMutableRawPointer?, plugin: any Plugin.Type) -> Int32 {
        run(host, plugin: plugin, compiler: nil)
    }
}

/// The host's side of the handshake. Underscored: plugins never use it directly;
/// ``PluginEntry/run(_:plugin:compiler:)`` does, and hosts (viper, the conformance
/// kit) subclass it.
///
/// A class, not a protocol: the entry recognises the host with a class cast, which
/// walks a superclass chain. A cast to a protocol searches every loaded image's
/// conformance records, and the search starts again whenever an image is loaded, so
/// scanning a thousand plugins spent most of its time there.
open class _PluginConnection {
    /// Makes a connection.
    public init() {}

    /// Receives the plugin's manifest; returns the registrar, or nil to refuse. The base refuses.
    open func _begin(manifest: PluginManifest) -> (any Registrar)? { nil }

    /// Receives the message of an error thrown by registration.
    open func _fail(_ message: String) {}

    /// Receives the Swift compiler the plugin was built with, before ``_begin(manifest:)``.
    /// Plugins built against Contracts 1.0 never call it.
    open func _record(compiler: SwiftCompilerVersion) {}

    /// Receives the contract libraries the plugin was built against, before ``_begin(manifest:)``,
    /// when it lists any. Plugins built against Contracts 1.1 or earlier never call it.
    open func _record(contractLibraries: [ContractLibraryVersion]) {}
}
