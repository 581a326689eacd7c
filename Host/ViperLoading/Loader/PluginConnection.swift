import Contracts
import ViperCore

/// The host's side of the entry-point handshake for one plugin file.
package final class PluginConnection: _PluginConnection {
    private let admit: (PluginManifest) -> String?
    package private(set) var manifest: PluginManifest?
    package private(set) var registrar: RecordingRegistrar?
    package private(set) var failure: String?
    package private(set) var refusal: String?
    /// The Swift compiler that built the plugin, when its Contracts reports it (1.1 and later).
    package private(set) var compiler: SwiftCompilerVersion?
    /// The contract libraries the plugin says it was built against (Contracts 1.2 and later).
    package private(set) var contractLibraries: [ContractLibraryVersion] = []
    /// Why those libraries do not match the installed ones; set before registration, which then does not run.
    package private(set) var libraryRefusal: String?
    /// Judges the recorded contract libraries (``ContractLibraryCatalog/versionProblem(_:)``).
    package var checkLibraries: ([ContractLibraryVersion]) -> String? = { _ in nil }

    /// - Parameter admit: returns a reason to refuse the manifest (a duplicate name), or nil.
    package init(admit: @escaping (PluginManifest) -> String?) {
        self.admit = admit
        super.init()
    }

    package override func _begin(manifest: PluginManifest) -> (any Registrar)? {
        self.manifest = manifest
        if libraryRefusal != nil { return nil }
        if let reason = admit(manifest) {
            refusal = reason
            return nil
        }
        let registrar = RecordingRegistrar(plugin: manifest.name)
        self.registrar = registrar
        return registrar
    }

    package override func _fail(_ message: String) {
        failure = message
    }

    package override func _record(compiler: SwiftCompilerVersion) {
        self.compiler = compiler
    }

    package override func _record(contractLibraries: [ContractLibraryVersion]) {
        self.contractLibraries = contractLibraries
        libraryRefusal = checkLibraries(contractLibraries)
    }
}
