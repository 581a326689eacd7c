import Contracts

/// The kit's side of the entry-point handshake: a dlopened plugin's
/// `viper_plugin_entry` registers into it through ``PluginEntry/run(_:plugin:)``.
public final class RecordingConnection: _PluginConnection {
    /// The manifest the plugin announced, once its entry ran.
    public private(set) var manifest: PluginManifest?
    /// Where its registrations went.
    public let recorder = PluginRecorder()
    /// The message of the error its registration threw, if any.
    public private(set) var failure: String?

    /// Makes a connection that admits any plugin.
    public override init() {}

    /// Receives the manifest and hands out the recorder.
    public override func _begin(manifest: PluginManifest) -> (any Registrar)? {
        self.manifest = manifest
        return recorder
    }

    /// Receives the registration error.
    public override func _fail(_ message: String) {
        failure = message
    }
}
