import Contracts
import Foundation
import ViperCore
import ViperLoading

/// viper's runtime: registers the core services, finds plugins, reads their
/// descriptors from the cache or scans new ones in a child process, validates the
/// graph, and makes the plugins that passed available. A plugin is `dlopen`ed in
/// this process only when a route or service first needs it.
///
/// Configure, then run (as a service lifecycle does):
/// - ``init(options:)`` only configures: it works out the data folder and the plugin
///   folders from the options and touches no file, folder, lock or signal handler, so
///   it cannot fail and costs the same with a missing or huge plugin folder.
/// - ``start()`` does the work, once, and returns what it found (``StartupReport``).
///   A second call does nothing and returns the first report. A start that throws
///   (the data folder cannot be used, a clock setting cannot be read) did nothing and
///   may be tried again.
/// - Before start-up ``records``, ``problems``, ``warnings`` and ``dependencies`` are
///   empty, the registry has no services, ``logger`` is nil, and the lock is not
///   written or removed (``writeLock()`` throws).
/// - `state` guards the runtime's state once start-up has begun (see its comment: what
///   it guards, who takes it, and why it is recursive).
///
/// The parts: ``CachedScan`` (trust, cache and the scanner), ``ScanTriage`` (what the
/// scan results make of each file), validation reused from the last start when nothing it
/// depends on changed (`HostRuntime+GraphCache.swift`), the plugins not loaded yet
/// (``PendingPlugins``), lazy loading (`HostRuntime+LazyLoading.swift`), live reload
/// (`HostRuntime+Reload.swift`), pinning (`HostRuntime+Pinning.swift`), and the services the
/// host gives plugins (`Services/`: data folder, SQLite, clock, logger).
package final class HostRuntime {
    package let options: RuntimeOptions
    package let registry: Registry
    /// The data folder's path (created by ``start()``).
    package let dataFolder: String
    package let folders: [PluginFolder]
    /// The databases plugins opened, and the failures to write them (for the shell).
    package let databases: SQLiteDatabaseOpening
    /// `viper.log` in the data folder; nil until ``start()`` opened it.
    package private(set) var logger: FileLogger?
    /// The ``CommandProgress`` service: silent until the shell gives it a terminal to write to.
    package let commandProgress = TerminalCommandProgress()

    /// The runtime's one lock. What it guards, once ``start()`` has begun: `recordList`,
    /// `problemList`, `pending`, `digests`, `reloads`, `dependencyList`, `report`, `lockState`,
    /// `loader` and the interception permission, every `var` below up to `dataWriteProblem`.
    /// Who takes it: ``start()`` for the whole start-up; lazy loading (``activate(_:)``, from
    /// whichever thread resolves a contract first); a reload (`HostRuntime+Reload.swift`, the
    /// shell's thread between commands); ``writeLock()``; and every public accessor.
    ///
    /// It is recursive on purpose, and for two paths only: ``start()`` calls the runtime's own
    /// accessors while it holds it, and a lazy load runs plugin code (the entry point, then the
    /// registry commit) that may resolve another pending contract on the same thread, whose
    /// ``activate(_:)`` loads that plugin under the same lock. A plain lock would deadlock the
    /// second case; taking it per plugin would let two threads load one plugin twice (images
    /// are loaded once: ARCHITECTURE.md fact 4). The registry has its own lock and never calls
    /// back into the runtime while holding it (``Registry/onMiss`` runs outside it).
    let state = NSRecursiveLock()
    var recordList: [PluginRecord] = []
    var problemList: [Problem] = []
    private(set) var loader = PluginLoader()
    /// Scans a plugin file again when it changed between the start-up scan and its first use (isolated start-up only).
    var rescanner: PluginScanner?
    /// Enabled plugins not loaded yet, and who serves what.
    var pending = PendingPlugins()
    /// The SHA-256 of each usable plugin file, by path (from the scan or the load).
    var digests: [String: KnownDigest] = [:]
    /// What live reloading knows (`HostRuntime+Reload.swift`).
    var reloads = ReloadState()
    /// What the first successful ``start()`` found.
    private var report: StartupReport?

    /// The plugin lock in force (`.none` when there is none, or `viper plugins --lock` is rewriting it).
    private(set) var lockState: LockState = .none
    /// Start-up notices that are not problems with a plugin: printed as `warning:` lines on every start.
    package private(set) var warnings: [String] = []
    /// Which plugins may intercept contracts they do not provide (``InterceptionPermission``).
    package private(set) var interceptionPermission = InterceptionPermission()
    /// Why nothing is written in the data folder this session (``DataFolderGuard``), or nil.
    package private(set) var dataWriteProblem: String?
    /// How each plugin runs (``PluginModeRule``): the names isolated by `--isolate` and config.json's
    /// `isolate`, and those trusted by config.json's `trust`.
    package private(set) var modeRule = PluginModeRule()
    /// The plugins named to run isolated (`--isolate`, config.json's `isolate`).
    package var isolatedNames: Set<String> { modeRule.isolated }
    /// The isolated plugins allowed the network, by name (`--allow-network`, config.json's `allowNetwork`).
    package private(set) var networkNames: Set<String> = []
    /// The isolated plugins started, by name.
    package internal(set) var isolatedPlugins: [String: IsolatedPlugin] = [:]

    /// Every plugin file found, in search order.
    package var records: [PluginRecord] { state.withLock { recordList } }
    /// Everything wrong, each reported once.
    package var problems: [Problem] { state.withLock { problemList } }
    /// The contract libraries found in the plugin folders, in search order.
    package var contractLibraries: [ContractLibrary] { loader.contractLibraries.libraries }
    /// Every requirement of every plugin found, with who serves it (from validation; see `HostRuntime+GraphCache.swift`).
    package internal(set) var dependencies: [Dependency] {
        get { state.withLock { dependencyList.value } }
        set { state.withLock { dependencyList = LazyDependencies(newValue) } }
    }
    var dependencyList = LazyDependencies([])
    /// Whether ``start()`` has run.
    package var isStarted: Bool { state.withLock { report != nil } }

    /// The services the host registers before any plugin loads.
    package static let hostProvisions: [Provision] = [
        Provision(kind: .service, contract: ContractID(Logger.self)),
        Provision(kind: .service, contract: ContractID(Clock.self)),
        Provision(kind: .service, contract: ContractID(DataFolder.self)),
        Provision(kind: .service, contract: ContractID(DatabaseOpening.self)),
        Provision(kind: .service, contract: ContractID(CommandProgress.self)),
    ]

    /// Configures a runtime from `options`; nothing runs until ``start()``.
    package init(options: RuntimeOptions) {
        self.options = options
        registry = Registry()
        dataFolder = LocalDataFolder.choose(flag: options.dataFlag, environment: options.environment)
        databases = SQLiteDatabaseOpening(folder: dataFolder)
        folders = PluginFolder.searchOrder(
            flags: options.pluginFlags, environment: options.environment,
            executableDirectory: options.executableDirectory)
    }

    /// Starts everything and returns what start-up found. Throws only when the data
    /// folder cannot be used or a clock setting (`VIPER_NOW`, `VIPER_TZ`) or `VIPER_SCANNERS`
    /// cannot be read; every plugin problem is in the report (and ``problems``) and the rest keep working.
    @discardableResult
    package func start() throws -> StartupReport {
        state.lock()
        defer { state.unlock() }
        if let report { return report }
        PluginClock.markProcessStart()  // viper's main marks it earlier; an embedder's start counts from here
        _ = try PluginScanner.pinnedScanners(options.environment[PluginScanner.pinnedScannersVariable])  // before the data folder is made
        let logger = try startServices()
        readLock(logger)
        let preferences = readPreferences()
        var discovery = PluginDiscovery.discover(folders)
        problemList += discovery.folderProblems.map { Problem(kind: .badFolder, plugin: nil, contract: nil, message: $0) }
        noteReserved(discovery.removeReserved())
        let isolated = options.scanMode == .isolated && !options.rescan
        let cacheFile = isolated ? DescriptorCache.read(folder: dataFolder) : nil
        let found = ContractLibraryCatalog.separate(discovery) { [cached = cacheFile?.cache] index in
            guard let cached, index < discovery.infos.count, let known = discovery.infos[index] else { return false }
            return cached.isUnchangedPlugin(discovery.files[index].path, info: known.info, near: index)
        }
        let libraries = ContractLibraryLookup.files(
            libraries: found.libraries, searched: folders, added: options.libraryFolders, preferred: options.preferredLibraryFolders)
        loader.contractLibraries = ContractLibraryCatalog(
            libraries, allowInsecure: options.allowInsecurePlugins, lock: lockState, signatures: SignatureCheck.read(folder: dataFolder))
        problemList += loader.contractLibraries.problems
        if options.scanMode == .isolated, let scanner = Self.scannerExecutable(options) {
            startIsolated(found.plugins, scanner: scanner, preferences: preferences, logger: logger, cacheFile: cacheFile, infos: found.infos)
        } else {
            startInProcess(found.plugins, preferences: preferences, logger: logger)
        }
        registry.onMiss = { [weak self] key in
            self?.activate(key) ?? false
        }
        // An isolated plugin's first use takes a process already started (``SpareProcess``).
        if recordList.contains(where: { $0.status == .ready && mode(of: $0)?.isIsolated == true }), let executable = Self.scannerExecutable(options) {
            SpareProcess.prepare(executable: executable, environment: options.environment)
        }
        if options.environment["VIPER_LOAD"] == "eager" {
            loadAll()
        }
        let report = StartupReport(records: recordList, problems: problemList, warnings: warnings)
        self.report = report
        registry.profile.noteStartEnded()
        return report
    }

    /// Prepares the data folder, opens the log and registers the host's services.
    private func startServices() throws -> FileLogger {
        let data = try LocalDataFolder.prepare(dataFolder)
        let clock = try SystemClock(environment: options.environment)
        PluginExitGuard.install()
        dataWriteProblem = DataFolderGuard.writeProblem(data.path)
        let logger = FileLogger(path: dataWriteProblem == nil ? Paths.join(data.path, "viper.log") : nil, echoLevel: options.echoLevel)
        self.logger = logger
        warnings += [dataWriteProblem, logger.fileProblem].compactMap { $0 }
        databases.refusal = dataWriteProblem
        let databases = databases
        registry.addHostService(Logger.self) { _ in logger }
        registry.addHostService(Clock.self) { _ in clock }
        registry.addHostService(DataFolder.self) { _ in data }
        registry.addHostService(DatabaseOpening.self) { _ in databases }
        let progress = commandProgress
        registry.addHostService(CommandProgress.self) { _ in progress }
        return logger
    }

    /// Reads the plugin lock and sets the loader's policy; notes an insecure start.
    private func readLock(_ logger: FileLogger) {
        lockState = options.ignoreLock ? .none : LockState.read(folder: dataFolder)
        loader = PluginLoader(
            policy: LoadPolicy(
                allowInsecure: options.allowInsecurePlugins, lock: lockState,
                alwaysHash: options.scanMode == .inProcess, snapshot: options.scanMode == .isolated))
        if options.allowInsecurePlugins {
            let warning =
                "--allow-insecure-plugins: plugins are loaded even when another account owns them or can write them "
                + "(or their folders), so anyone with that access can run code as you; use it only for development"
            warnings.append(warning)
            logger.log(.warning, warning, source: "loader")
        }
        if case .unusable(let reason) = lockState {
            problemList.append(Problem(kind: .loadFailed, plugin: nil, contract: nil, message: "\(reason); no plugin loads until then"))
        }
    }

    /// The user's choices of provider: the config file's, then `--prefer`'s over them.
    func readPreferences() -> [String: ProviderChoice] {
        var preferences: [String: ProviderChoice] = [:]
        interceptionPermission = InterceptionPermission(allowed: Set(options.allowIntercept))
        var rule = PluginModeRule(isolateFlag: Set(options.isolate))
        networkNames = Set(options.allowNetwork)
        do {
            let configPath = Paths.join(dataFolder, ViperConfig.fileName())
            let config = try ViperConfig.load(folder: dataFolder)
            for (contract, plugin) in config.providers {
                preferences[contract] = ProviderChoice(plugin: plugin, source: configPath)
            }
            interceptionPermission.allowed.formUnion(config.allowIntercept ?? [])
            rule.isolateConfig = Set(config.isolate ?? [])
            rule.trusted = Set(config.trust ?? [])
            networkNames.formUnion(config.allowNetwork ?? [])
        } catch {
            problemList.append(Problem(kind: .badPreference, plugin: nil, contract: nil, message: "\(error)"))
        }
        for (contract, plugin) in options.preferences {
            preferences[contract] = ProviderChoice(plugin: plugin, source: "--prefer \(contract)=\(plugin)")
        }
        // How plugins run is fixed for the session: a reload reads the config again for its
        // preferences, but a plugin trusted or isolated meanwhile changes mode at the next start.
        if report == nil { modeRule = rule }
        return preferences
    }

    /// How the plugin of `record` runs (``PluginModeRule``); nil for a file that never registered.
    package func mode(of record: PluginRecord) -> PluginMode? {
        guard let name = record.name else { return nil }
        return modeRule.mode(name: name, origin: record.origin, descriptor: record.descriptor)
    }

    /// The `viper` binary that can scan: this one, or the one beside the running executable.
    static func scannerExecutable(_ options: RuntimeOptions) -> String? {
        if let explicit = options.scannerExecutable { return explicit }
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        if Paths.lastComponent(me) == "viper" { return me }
        let beside = Paths.join(options.executableDirectory, "viper")
        return FileManager.default.isExecutableFile(atPath: beside) ? beside : nil
    }
}
