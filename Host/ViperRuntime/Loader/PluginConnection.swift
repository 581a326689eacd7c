import Contracts

/// The host's side of the entry-point handshake for one plugin file.
final class PluginConnection: _PluginConnection {
    private let admit: (PluginManifest) -> String?
    private(set) var manifest: PluginManifest?
    private(set) var registrar: RecordingRegistrar?
    private(set) var failure: String?
    private(set) var refusal: String?

    /// - Parameter admit: returns a reason to refuse the manifest (a duplicate name), or nil.
    init(admit: @escaping (PluginManifest) -> String?) {
        self.admit = admit
    }

    func _begin(manifest: PluginManifest) -> (any Registrar)? {
        self.manifest = manifest
        if let reason = admit(manifest) {
            refusal = reason
            return nil
        }
        let registrar = RecordingRegistrar(plugin: manifest.name)
        self.registrar = registrar
        return registrar
    }

    func _fail(_ message: String) {
        failure = message
    }
}
