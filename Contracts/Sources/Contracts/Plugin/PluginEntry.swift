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
    public static func run(_ host: UnsafeMutableRawPointer?, plugin: any Plugin.Type) -> Int32 {
        guard let host,
              let connection = Unmanaged<AnyObject>.fromOpaque(host).takeUnretainedValue() as? any _PluginConnection
        else { return notAHost }
        guard let registrar = connection._begin(manifest: plugin.manifest) else { return refused }
        do {
            try plugin.register(in: registrar)
            return ok
        } catch {
            connection._fail(String(describing: error))
            return registrationFailed
        }
    }
}

/// The host's side of the handshake. Underscored: plugins never use it directly;
/// ``PluginEntry/run(_:plugin:)`` does.
public protocol _PluginConnection: AnyObject {
    /// Receives the plugin's manifest; returns the registrar, or nil to refuse.
    func _begin(manifest: PluginManifest) -> (any Registrar)?
    /// Receives the message of an error thrown by registration.
    func _fail(_ message: String)
}
