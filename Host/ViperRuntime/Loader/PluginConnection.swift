import Contracts

/// The host's side of the entry-point handshake for one plugin file.
final class PluginConnection: _PluginConnection {
    private let admit: (PluginManifest) -> String?
    private(set) var manifest: PluginManifest?
    private(set) var registrar: RecordingRegistrar?
    private(set) var failure: String?
    private(set) var refusal: String?
    /// The Swift compiler that built the plugin, when its Contracts reports it (1.1 and later).
    private(set) var compiler: SwiftCompilerVersion?

    /// - Parameter admit: returns a reason to refuse the manifest (a duplicate name), or nil.
    init(admit: @escaping (PluginManifest) -> String?) {
        self.admit = admit
        super.init()
    }

    override func _begin(manifest: PluginManifest) -> (any Registrar)? {
        self.manifest = manifest
        if let reason = admit(manifest) {
            refusal = reason
            return nil
        }
        let registrar = RecordingRegistrar(plugin: manifest.name)
        self.registrar = registrar
        return registrar
    }

    override func _fail(_ message: String) {
        failure = message
    }

    override func _record(compiler: SwiftCompilerVersion) {
        self.compiler = compiler
    }
}
