import Contracts
import Foundation

/// Starts viper's runtime: registers the core services, finds and loads plugins,
/// validates the graph, and commits the plugins that passed to the registry.
public final class HostRuntime {
    public let registry: Registry
    public let dataFolder: String
    public let folders: [PluginFolder]
    public private(set) var records: [PluginRecord] = []
    public private(set) var problems: [Problem] = []
    let logger: FileLogger

    /// The services the host registers before any plugin loads.
    static let hostProvisions: [Provision] = [
        Provision(kind: .service, contract: ContractID(Logger.self)),
        Provision(kind: .service, contract: ContractID(Clock.self)),
        Provision(kind: .service, contract: ContractID(DataFolder.self)),
        Provision(kind: .service, contract: ContractID(DatabaseOpening.self)),
    ]

    /// Starts everything. Throws only when the data folder cannot be used; every
    /// plugin problem is recorded in ``problems`` and the rest keep working.
    public init(options: RuntimeOptions) throws {
        let data = try LocalDataFolder.prepare(LocalDataFolder.choose(flag: options.dataFlag, environment: options.environment))
        dataFolder = data.path
        registry = Registry()
        let logger = FileLogger(path: Paths.join(data.path, "viper.log"), echoLevel: options.echoLevel)
        self.logger = logger
        let clock = SystemClock(environment: options.environment)
        let databases = SQLiteDatabaseOpening(folder: data.path)
        registry.addHostService(Logger.self) { _ in logger }
        registry.addHostService(Clock.self) { _ in clock }
        registry.addHostService(DataFolder.self) { _ in data }
        registry.addHostService(DatabaseOpening.self) { _ in databases }

        folders = PluginFolder.searchOrder(flags: options.pluginFlags, environment: options.environment,
                                           executableDirectory: options.executableDirectory)
        var preferences: [String: String] = [:]
        do {
            preferences = try ViperConfig.load(folder: data.path).providers
        } catch {
            problems.append(Problem(kind: .badPreference, plugin: nil, contract: nil, message: "\(error)"))
        }
        preferences.merge(options.preferences) { _, flag in flag }
        loadAll(preferences: preferences)
    }

    private func loadAll(preferences: [String: String]) {
        let discovery = PluginDiscovery.discover(folders)
        problems += discovery.folderProblems.map { Problem(kind: .badFolder, plugin: nil, contract: nil, message: $0) }
        let loader = PluginLoader()
        var loaded: [LoadedPlugin] = []
        for file in discovery.files {
            switch loader.load(file) {
            case .success(let plugin):
                loaded.append(plugin)
            case .failure(let error):
                if error.message.hasPrefix("already loaded") { continue }
                problems.append(Problem(kind: .loadFailed, plugin: nil, contract: nil, message: error.description))
                records.append(PluginRecord(name: nil, path: file.path, origin: file.folder.origin, status: .disabled,
                                            reason: error.message, descriptor: nil, overridden: []))
                logger.log(.warning, error.description, source: "loader")
            }
        }
        let validator = GraphValidator(
            nodes: loaded.map { .init(name: $0.descriptor.manifest.name, path: $0.file.path, descriptor: $0.descriptor) },
            hostProvides: Self.hostProvisions, preferences: preferences)
        let outcome = validator.validate()
        problems += outcome.problems
        for plugin in loaded {
            let name = plugin.descriptor.manifest.name
            let overridden = outcome.overridden[name] ?? []
            if let reason = outcome.disabled[name] {
                for provision in plugin.descriptor.provides {
                    registry.noteDisabled(provision.contract, reason: "\(name) is disabled: \(reason)")
                }
                records.append(PluginRecord(name: name, path: plugin.file.path, origin: plugin.file.folder.origin,
                                            status: .disabled, reason: reason, descriptor: plugin.descriptor,
                                            overridden: overridden.sorted()))
            } else {
                registry.commit(plugin.registrar, skipping: overridden)
                records.append(PluginRecord(name: name, path: plugin.file.path, origin: plugin.file.folder.origin,
                                            status: .loaded, reason: nil, descriptor: plugin.descriptor,
                                            overridden: overridden.sorted()))
            }
        }
        for problem in outcome.problems {
            logger.log(.warning, problem.message, source: "validation")
        }
    }
}
