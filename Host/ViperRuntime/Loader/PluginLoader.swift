import Contracts
import Foundation

/// A plugin file that was opened and registered (not yet validated or committed).
final class LoadedPlugin {
    let file: PluginFile
    let descriptor: PluginDescriptor
    let registrar: RecordingRegistrar

    init(file: PluginFile, descriptor: PluginDescriptor, registrar: RecordingRegistrar) {
        self.file = file
        self.descriptor = descriptor
        self.registrar = registrar
    }
}

/// Opens plugin files with `dlopen` and runs their entry points, following the
/// rules in DESIGN.md: absolute paths, `RTLD_NODELETE`, never `dlclose`, each file once.
final class PluginLoader {
    typealias ABIFunction = @convention(c) () -> UInt32
    typealias EntryFunction = @convention(c) (UnsafeMutableRawPointer?) -> Int32

    static let abiSymbol = "viper_plugin_abi"
    static let entrySymbol = "viper_plugin_entry"

    let hostVersion: ContractsVersion
    /// Plugin names already registered, with the file that registered them.
    private(set) var loadedNames: [String: String] = [:]
    /// Files already opened (by real path): opening twice would run the entry twice.
    private var openedFiles: Set<String> = []

    init(hostVersion: ContractsVersion = .current) {
        self.hostVersion = hostVersion
    }

    func load(_ file: PluginFile) -> Result<LoadedPlugin, PluginLoadError> {
        let path = file.path
        guard FileManager.default.fileExists(atPath: path) else {
            return .failure(PluginLoadError(.missingFile, path: path, message: "no such file; check the path, or remove the broken link from \(file.folder.path)"))
        }
        let real = Paths.realPath(path) ?? path
        guard openedFiles.insert(real).inserted else {
            return .failure(PluginLoadError(.alreadyLoaded, path: path, message: "already loaded (same file as one found earlier); nothing to do"))
        }
        // dlopen maps a truncated file and then crashes on the missing pages: check the headers first.
        if let problem = ELFCheck.problem(at: real) {
            return .failure(PluginLoadError(.notALibrary, path: path, message: problem))
        }
        // RTLD_LOCAL keeps each plugin's symbols to itself; RTLD_NODELETE because a
        // Swift image must never be unmapped (the runtime keeps pointers into it).
        guard let handle = dlopen(real, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) else {
            let raw = dlerror().map { String(cString: $0) } ?? "unknown dlopen error"
            return .failure(PluginLoadError.fromDlopen(path: path, dlerror: raw.replacingOccurrences(of: real, with: path)))
        }
        guard let abiPointer = dlsym(handle, Self.abiSymbol) else {
            return .failure(PluginLoadError(.missingSymbol, path: path, message: "not a viper plugin: it does not export '\(Self.abiSymbol)'; a plugin exports viper_plugin_abi and viper_plugin_entry (see the Plugin protocol in Contracts)"))
        }
        // The ABI is read before anything else of the plugin runs.
        let abi = unsafeBitCast(abiPointer, to: ABIFunction.self)
        let pluginVersion = ContractsVersion(packed: abi())
        guard hostVersion.canLoad(pluginVersion) else {
            return .failure(PluginLoadError(.incompatibleABI, path: path, message: "built for Contracts \(pluginVersion), but this viper has Contracts \(hostVersion); rebuild the plugin against Contracts \(hostVersion)"))
        }
        guard let entryPointer = dlsym(handle, Self.entrySymbol) else {
            return .failure(PluginLoadError(.missingSymbol, path: path, message: "not a viper plugin: it does not export '\(Self.entrySymbol)'; a plugin exports viper_plugin_abi and viper_plugin_entry (see the Plugin protocol in Contracts)"))
        }
        let entry = unsafeBitCast(entryPointer, to: EntryFunction.self)
        let connection = PluginConnection { [loadedNames] manifest in
            if let other = loadedNames[manifest.name] {
                return "a plugin named '\(manifest.name)' is already loaded from \(other); remove one of the two"
            }
            return Self.checkName(manifest.name)
        }
        let status = withExtendedLifetime(connection) {
            entry(Unmanaged.passUnretained(connection as AnyObject).toOpaque())
        }
        connection.registrar?.seal()
        if let failure = Self.failure(status: status, connection: connection, path: path) {
            return .failure(failure)
        }
        guard let manifest = connection.manifest, let registrar = connection.registrar else {
            return .failure(PluginLoadError(.entryFailed, path: path, message: "its entry point returned success without registering; call PluginEntry.run from viper_plugin_entry"))
        }
        if !registrar.duplicates.isEmpty {
            return .failure(PluginLoadError(.duplicateRegistration, path: path, message: "plugin '\(manifest.name)' registers \(registrar.duplicates.joined(separator: ", ")) more than once; register each contract and name once"))
        }
        loadedNames[manifest.name] = path
        let descriptor = PluginDescriptor(manifest: manifest, contractsVersion: pluginVersion, provides: registrar.provisions)
        return .success(LoadedPlugin(file: file, descriptor: descriptor, registrar: registrar))
    }

    /// The error for an entry point's status, or nil when it succeeded.
    private static func failure(status: Int32, connection: PluginConnection, path: String) -> PluginLoadError? {
        switch status {
        case PluginEntry.ok:
            return nil
        case PluginEntry.registrationFailed where connection.manifest != nil:
            let name = connection.manifest?.name ?? ""
            return PluginLoadError(.entryFailed, path: path, message: "plugin '\(name)' failed to register: \(connection.failure ?? "no reason given"); fix the plugin or remove it")
        case PluginEntry.refused where connection.refusal != nil:
            return PluginLoadError(.refused, path: path, message: connection.refusal ?? "")
        case PluginEntry.notAHost:
            return PluginLoadError(.entryFailed, path: path, message: "its entry point did not recognise this viper (status \(status)); it probably carries its own copy of Contracts: rebuild it linking this viper's libContracts.so")
        default:
            return PluginLoadError(.entryFailed, path: path, message: "its entry point reported failure (status \(status)); see the plugin's documentation, or remove it")
        }
    }

    /// A plugin name is lower-case letters, digits and dashes, so it can be typed and used in paths.
    static func checkName(_ name: String) -> String? {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
        if name.isEmpty || !name.allSatisfy({ allowed.contains($0) }) || name.hasPrefix("-") {
            return "its manifest name '\(name)' is not valid; use lower-case letters, digits and dashes"
        }
        if name == "host" {
            return "its manifest name 'host' is reserved for viper itself; rename the plugin"
        }
        return nil
    }
}
