import Contracts
import Foundation

/// Starts viper's runtime: registers the core services, finds plugins, reads their
/// descriptors from the cache or scans new ones in a child process, validates the
/// graph, and makes the plugins that passed available. A plugin is `dlopen`ed in
/// this process only when a route or service first needs it.
package final class HostRuntime {
    package let registry: Registry
    package let dataFolder: String
    package let folders: [PluginFolder]
    package let logger: FileLogger
    /// The databases plugins opened, and the failures to write them (for the shell).
    package let databases: SQLiteDatabaseOpening

    private let state = NSRecursiveLock()
    private var recordList: [PluginRecord] = []
    private var problemList: [Problem] = []
    private let loader: PluginLoader
    /// Scans a plugin file again when it changed between the start-up scan and its first use (isolated start-up only).
    private var rescanner: PluginScanner?
    /// Enabled plugins not loaded yet, by name.
    private var pending: [String: PendingPlugin] = [:]
    /// "kind label" → plugin names that serve it, preferred first.
    private var providers: [String: [String]] = [:]
    /// The SHA-256 of each usable plugin file, by path (from the scan or the load).
    private var digests: [String: KnownDigest] = [:]

    private struct PendingPlugin {
        let file: PluginFile
        let overridden: Set<String>
        /// The digest the scan computed, so an unchanged file is not hashed again when it loads.
        let known: KnownDigest?
        /// What the scan recorded, which loading in this process must match.
        let scanned: PluginDescriptor
        /// The stamp of the file the scan opened.
        let stamp: FileStamp?
    }

    /// The plugin lock in force (`.none` when there is none, or `viper plugins --lock` is rewriting it).
    let lockState: LockState
    /// Start-up notices that are not problems with a plugin: printed as `warning:` lines on every start.
    package private(set) var warnings: [String] = []

    /// Every plugin file found, in search order.
    package var records: [PluginRecord] { state.withLock { recordList } }
    /// Everything wrong, each reported once.
    package var problems: [Problem] { state.withLock { problemList } }
    /// The contract libraries found in the plugin folders, in search order.
    package var contractLibraries: [ContractLibrary] { loader.contractLibraries.libraries }
    /// Every requirement of every plugin found, with who serves it (from validation).
    package private(set) var dependencies: [Dependency] = []

    /// The services the host registers before any plugin loads.
    package static let hostProvisions: [Provision] = [
        Provision(kind: .service, contract: ContractID(Logger.self)),
        Provision(kind: .service, contract: ContractID(Clock.self)),
        Provision(kind: .service, contract: ContractID(DataFolder.self)),
        Provision(kind: .service, contract: ContractID(DatabaseOpening.self)),
    ]

    /// Starts everything. Throws only when the data folder cannot be used or a clock
    /// setting (`VIPER_NOW`, `VIPER_TZ`) cannot be read; every
    /// plugin problem is recorded in ``problems`` and the rest keep working.
    package init(options: RuntimeOptions) throws {
        let data = try LocalDataFolder.prepare(LocalDataFolder.choose(flag: options.dataFlag, environment: options.environment))
        dataFolder = data.path
        registry = Registry()
        PluginExitGuard.install()
        let logger = FileLogger(path: Paths.join(data.path, "viper.log"), echoLevel: options.echoLevel)
        self.logger = logger
        let clock = try SystemClock(environment: options.environment)
        let databases = SQLiteDatabaseOpening(folder: data.path)
        self.databases = databases
        registry.addHostService(Logger.self) { _ in logger }
        registry.addHostService(Clock.self) { _ in clock }
        registry.addHostService(DataFolder.self) { _ in data }
        registry.addHostService(DatabaseOpening.self) { _ in databases }

        lockState = options.ignoreLock ? .none : LockState.read(folder: data.path)
        loader = PluginLoader(policy: LoadPolicy(allowInsecure: options.allowInsecurePlugins, lock: lockState,
                                                 alwaysHash: options.scanMode == .inProcess))
        if options.allowInsecurePlugins {
            let warning = "--allow-insecure-plugins: plugins are loaded even when another account owns them or can write them "
                + "(or their folders), so anyone with that access can run code as you; use it only for development"
            warnings.append(warning)
            logger.log(.warning, warning, source: "loader")
        }
        if case .unusable(let reason) = lockState {
            problemList.append(Problem(kind: .loadFailed, plugin: nil, contract: nil, message: "\(reason); no plugin loads until then"))
        }

        folders = PluginFolder.searchOrder(flags: options.pluginFlags, environment: options.environment,
                                           executableDirectory: options.executableDirectory)
        var preferences: [String: ProviderChoice] = [:]
        do {
            let configPath = Paths.join(data.path, ViperConfig.fileName())
            for (contract, plugin) in try ViperConfig.load(folder: data.path).providers {
                preferences[contract] = ProviderChoice(plugin: plugin, source: configPath)
            }
        } catch {
            problemList.append(Problem(kind: .badPreference, plugin: nil, contract: nil, message: "\(error)"))
        }
        for (contract, plugin) in options.preferences {
            preferences[contract] = ProviderChoice(plugin: plugin, source: "--prefer \(contract)=\(plugin)")
        }

        let discovery = PluginDiscovery.discover(folders)
        problemList += discovery.folderProblems.map { Problem(kind: .badFolder, plugin: nil, contract: nil, message: $0) }
        let found = ContractLibraryCatalog.separate(discovery.files)
        loader.contractLibraries = ContractLibraryCatalog(found.libraries, allowInsecure: options.allowInsecurePlugins)
        problemList += loader.contractLibraries.problems
        let scanner = options.scanMode == .isolated ? Self.scannerExecutable(options) : nil
        if let scanner {
            startIsolated(found.plugins, scanner: scanner, options: options, preferences: preferences)
        } else {
            startInProcess(found.plugins, preferences: preferences)
        }
        registry.onMiss = { [weak self] kind, label in
            self?.activate(kind: kind, label: label) ?? false
        }
        if options.environment["VIPER_LOAD"] == "eager" {
            loadAll()
        }
    }

    /// The `viper` binary that can scan: this one, or the one beside the running executable.
    static func scannerExecutable(_ options: RuntimeOptions) -> String? {
        if let explicit = options.scannerExecutable { return explicit }
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        if Paths.lastComponent(me) == "viper" { return me }
        let beside = Paths.join(options.executableDirectory, "viper")
        return FileManager.default.isExecutableFile(atPath: beside) ? beside : nil
    }

    // MARK: Start-up

    private func startIsolated(_ files: [PluginFile], scanner: String, options: RuntimeOptions, preferences: [String: ProviderChoice]) {
        let host = DescriptorCache.hostIdentity(executable: scanner) + loader.contractLibraries.identity
        var (cache, note) = DescriptorCache.load(folder: dataFolder, host: host)
        if let note { logger.log(.warning, note, source: "cache") }
        /// What each file is reported as, and (apart) what the cache keeps about it: a
        /// refusal by the lock is not a verdict on the file, and an untrusted file is not cached.
        var results: [String: ScanResult] = [:]
        var keep: [String: ScanResult] = [:]
        var toScan: [PluginFile] = []
        var folderVerdicts: [String: String?] = [:]  // one check per folder, not per plugin in it
        for file in files {
            var info = stat()
            guard stat(file.path, &info) == 0 else { continue }
            let stamp = FileStamp(path: file.path, info: info)
            // Checked here by path so a cached verdict cannot outlive a chmod; the loader
            // checks the open file again before anything of it runs.
            if !options.allowInsecurePlugins {
                // The folders checked depend on where the file (and a link to it) lives, and on the plugin folder.
                let folderKey = [Paths.parent(Paths.realPath(file.path) ?? file.path), Paths.parent(file.path), file.folder.path]
                    .joined(separator: "\u{0}")
                let folderProblem = folderVerdicts[folderKey] ?? {
                    let verdict = PluginTrust.folderProblem(path: file.path, root: file.folder.path)
                    folderVerdicts[folderKey] = verdict
                    return verdict
                }()
                if let problem = PluginTrust.fileProblem(path: file.path, info: info) ?? folderProblem {
                    results[file.path] = ScanResult(stamp: stamp, outcome: .failed(problem), code: .untrusted)
                    continue
                }
            }
            guard !options.rescan, let cached = cache.result(for: stamp) else {
                toScan.append(file)
                continue
            }
            switch (cached.outcome, cached.code) {
            case (_, .notPinned?), (.ok, _):
                if case .ok = cached.outcome, !lockState.isLocked {
                    results[file.path] = cached
                } else if lockState.isLocked, cached.sha256 != nil,
                          let refusal = lockState.refusal(path: file.path, sha256: cached.sha256) {
                    // Refused by the lock without running anything; the cached scan stays for later.
                    results[file.path] = ScanResult(stamp: stamp, outcome: .failed(refusal), code: .notPinned, sha256: cached.sha256)
                } else if case .ok = cached.outcome, cached.sha256 != nil {
                    results[file.path] = cached
                } else {
                    toScan.append(file)  // no digest yet, or refused by a lock that now pins it: scan it
                    continue
                }
                keep[file.path] = cached
            default:
                results[file.path] = cached
                keep[file.path] = cached
            }
        }
        let timeout = options.environment["VIPER_SCAN_TIMEOUT"].flatMap(Double.init) ?? options.scanTimeout
        var scanner = PluginScanner(executable: scanner, timeout: timeout)
        scanner.allowInsecure = options.allowInsecurePlugins
        scanner.lockFolder = lockState.isLocked ? dataFolder : nil
        scanner.libraries = loader.contractLibraries.foundFiles
        rescanner = scanner
        if !toScan.isEmpty {
            for (path, result) in scanner.scan(toScan) {
                results[path] = result
                if result.code != .untrusted { keep[path] = result }
            }
        }
        for (path, result) in results {
            if case .ok = result.outcome, let known = result.knownDigest { digests[path] = known }
        }
        let fresh = Dictionary(uniqueKeysWithValues: files.compactMap { file in keep[file.path].map { (file.path, $0) } })
        if fresh != cache.entries || !toScan.isEmpty {
            cache.entries = fresh
            do {
                try cache.save(folder: dataFolder)
            } catch {
                logger.log(.warning, "\(error)", source: "cache")
            }
        }

        var candidates: [(PluginFile, PluginDescriptor)] = []
        var slots: [Int: PluginRecord] = [:]
        var seenNames: [String: String] = [:]
        let bundledNames = Self.bundledNames(files, results)
        for (index, file) in files.enumerated() {
            guard let result = results[file.path] else {
                fail(file, "no such file; check the path, or remove the broken link from \(file.folder.path)", into: &slots, at: index)
                continue
            }
            switch result.outcome {
            case .ok(let descriptor):
                // A name is the user's handle on a plugin: a drop-in cannot take a bundled plugin's
                // (drop-ins are searched first, so "first found" alone would let it).
                if file.folder.origin != .bundled, let bundled = bundledNames[descriptor.manifest.name] {
                    fail(file, "the name '\(descriptor.manifest.name)' belongs to the bundled plugin at \(bundled); give this plugin another name in its PluginManifest", into: &slots, at: index)
                    continue
                }
                if let other = seenNames[descriptor.manifest.name] {
                    fail(file, "a plugin named '\(descriptor.manifest.name)' is already loaded from \(other); remove one of the two", into: &slots, at: index)
                    continue
                }
                seenNames[descriptor.manifest.name] = file.path
                candidates.append((file, descriptor))
                slots[index] = PluginRecord(name: descriptor.manifest.name, path: file.path, origin: file.folder.origin,
                                            status: .ready, reason: nil, descriptor: descriptor, overridden: [])
            case .failed(let message):
                fail(file, message, into: &slots, at: index)
            case .broken(let message):
                problemList.append(Problem(kind: .loadFailed, plugin: nil, contract: nil, message: "\(file.path): \(message)"))
                slots[index] = PluginRecord(name: nil, path: file.path, origin: file.folder.origin, status: .broken,
                                            reason: message, descriptor: nil, overridden: [])
            }
        }
        let outcome = validate(candidates.map { ($0.0, $0.1) }, preferences: preferences)
        var routes: [RouteEntry] = []
        for (index, record) in slots.sorted(by: { $0.key < $1.key }) {
            guard record.status == .ready, let name = record.name, let descriptor = record.descriptor,
                  let file = files.indices.contains(index) ? files[index] : nil else {
                recordList.append(record)
                continue
            }
            var updated = record
            let overridden = outcome.overridden[name] ?? []
            updated.overridden = overridden.sorted()
            if let reason = outcome.disabled[name] {
                updated.status = .disabled
                updated.reason = reason
                noteDisabled(descriptor, plugin: name, reason: reason)
            } else {
                pending[name] = PendingPlugin(file: file, overridden: overridden, known: digests[file.path],
                                              scanned: descriptor, stamp: results[file.path]?.stamp)
                indexProvisions(descriptor, plugin: name, overridden: overridden)
                routes += Self.routes(of: descriptor, plugin: name, except: overridden)
            }
            recordList.append(updated)
        }
        registry.addPendingRoutes(routes)
    }

    /// Why `file` (by path: its owner and mode, and its folders') cannot be trusted, or nil.
    static func trustProblem(_ file: PluginFile) -> String? {
        var info = stat()
        guard stat(file.path, &info) == 0 else { return nil }  // gone: loading says so
        return PluginTrust.fileProblem(path: file.path, info: info) ?? PluginTrust.folderProblem(path: file.path, root: file.folder.path)
    }

    /// The names the bundled plugins use, with the file of each.
    private static func bundledNames(_ files: [PluginFile], _ results: [String: ScanResult]) -> [String: String] {
        var names: [String: String] = [:]
        for file in files where file.folder.origin == .bundled {
            if case .ok(let descriptor)? = results[file.path]?.outcome, names[descriptor.manifest.name] == nil {
                names[descriptor.manifest.name] = file.path
            }
        }
        return names
    }

    private func fail(_ file: PluginFile, _ message: String, into slots: inout [Int: PluginRecord], at index: Int) {
        let error = PluginLoadError(.missingFile, path: file.path, message: message)
        problemList.append(Problem(kind: .loadFailed, plugin: nil, contract: nil, message: error.description))
        slots[index] = PluginRecord(name: nil, path: file.path, origin: file.folder.origin, status: .disabled,
                                    reason: message, descriptor: nil, overridden: [])
        logger.log(.warning, error.description, source: "loader")
    }

    private func startInProcess(_ files: [PluginFile], preferences: [String: ProviderChoice]) {
        var loaded: [LoadedPlugin] = []
        var slots: [(Int, PluginRecord?, LoadedPlugin?)] = []
        for (index, file) in files.enumerated() {
            switch loader.load(file) {
            case .success(let plugin):
                loaded.append(plugin)
                if let stamp = plugin.stamp, let sha256 = plugin.sha256 { digests[file.path] = KnownDigest(stamp: stamp, sha256: sha256) }
                slots.append((index, nil, plugin))
            case .failure(let error):
                if error.code == .alreadyLoaded { continue }
                problemList.append(Problem(kind: .loadFailed, plugin: nil, contract: nil, message: error.description))
                slots.append((index, PluginRecord(name: nil, path: file.path, origin: file.folder.origin, status: .disabled,
                                                  reason: error.message, descriptor: nil, overridden: []), nil))
                logger.log(.warning, error.description, source: "loader")
            }
        }
        let outcome = validate(loaded.map { ($0.file, $0.descriptor) }, preferences: preferences)
        for (_, record, plugin) in slots {
            guard let plugin else {
                if let record { recordList.append(record) }
                continue
            }
            let name = plugin.descriptor.manifest.name
            let overridden = outcome.overridden[name] ?? []
            var record = PluginRecord(name: name, path: plugin.file.path, origin: plugin.file.folder.origin, status: .loaded,
                                      reason: nil, descriptor: plugin.descriptor, overridden: overridden.sorted())
            if let reason = outcome.disabled[name] {
                record.status = .disabled
                record.reason = reason
                noteDisabled(plugin.descriptor, plugin: name, reason: reason)
            } else {
                registry.commit(plugin.registrar, skipping: overridden)
            }
            recordList.append(record)
        }
    }

    private func validate(_ plugins: [(PluginFile, PluginDescriptor)], preferences: [String: ProviderChoice]) -> GraphValidator.Outcome {
        let validator = GraphValidator(
            nodes: plugins.map { .init(name: $0.1.manifest.name, path: $0.0.path, descriptor: $0.1, isBundled: $0.0.folder.origin == .bundled) },
            hostProvides: Self.hostProvisions, preferences: preferences)
        let outcome = validator.validate()
        registry.assignRoutes(outcome.routeOwners)
        problemList += outcome.problems
        dependencies = outcome.dependencies
        for problem in outcome.problems {
            logger.log(.warning, problem.message, source: "validation")
        }
        return outcome
    }

    /// The shell routes a descriptor declares, as route entries.
    package static func routes(of descriptor: PluginDescriptor, plugin: String, except overridden: Set<String> = []) -> [RouteEntry] {
        descriptor.provides.compactMap { provision in
            guard provision.kind == .module, let route = provision.route,
                  !overridden.contains(Registry.label(provision.contract, provision.name)) else { return nil }
            return RouteEntry(spec: route, contract: provision.contract, name: provision.name, plugin: plugin)
        }
    }

    /// Tells the registry why a disabled plugin's contracts and routes are unavailable.
    private func noteDisabled(_ descriptor: PluginDescriptor, plugin: String, reason: String) {
        for provision in descriptor.provides {
            registry.noteDisabled(provision.contract, reason: "\(plugin) is disabled: \(reason)")
        }
        registry.addUnavailableRoutes(Self.routes(of: descriptor, plugin: plugin), reason: "plugin '\(plugin)' is disabled: \(reason)")
    }

    // MARK: Lazy loading

    private static func slot(_ kind: Provision.Kind, _ label: String) -> String {
        "\(kind.rawValue) \(label)"
    }

    private func indexProvisions(_ descriptor: PluginDescriptor, plugin: String, overridden: Set<String>) {
        for provision in descriptor.provides {
            let label = Registry.label(provision.contract, provision.name)
            guard !overridden.contains(label) else { continue }
            switch provision.kind {
            case .service, .module:
                providers[Self.slot(provision.kind, label), default: []].insert(plugin, at: 0)
            case .adapter:
                providers[Self.slot(.service, label), default: []].append(plugin)
                providers[Self.slot(.module, label), default: []].append(plugin)
            @unknown default:
                continue
            }
        }
    }

    /// Loads the plugin that serves `label` (and, for an adapter, the plugin it adapts from).
    /// Returns true when something new was registered.
    private func activate(kind: Provision.Kind, label: String) -> Bool {
        state.withLock {
            var loadedAny = false
            for name in providers[Self.slot(kind, label)] ?? [] {
                guard let plugin = pending.removeValue(forKey: name) else { continue }
                if load(plugin, name: name) { loadedAny = true }
            }
            return loadedAny
        }
    }

    private func load(_ plugin: PendingPlugin, name: String) -> Bool {
        let position = recordList.firstIndex { $0.name == name && $0.path == plugin.file.path }
        let verified = VerifiedLoader(loader: loader, scanner: rescanner)
        switch verified.load(plugin.file, scanned: plugin.scanned, stamp: plugin.stamp, known: plugin.known) {
        case .success(let loaded):
            registry.commit(loaded.registrar, skipping: plugin.overridden)
            if let position { recordList[position].status = .loaded }
            logger.log(.info, "loaded \(name) from \(plugin.file.path) on first use", source: "loader")
            return true
        case .failure(let error):
            problemList.append(Problem(kind: .loadFailed, plugin: name, contract: nil, message: error.description))
            if let position {
                recordList[position].status = .disabled
                recordList[position].reason = error.message
            }
            if let descriptor = recordList.first(where: { $0.name == name })?.descriptor {
                noteDisabled(descriptor, plugin: name, reason: error.message)
            }
            logger.log(.error, error.description, source: "loader")
            return false
        }
    }

    // MARK: Pinning

    /// One plugin written to the lock.
    package struct LockedPlugin: Sendable {
        package let name: String
        package let path: String
        package let sha256: String
    }

    /// Writes `plugins.lock` with the SHA-256 of every plugin in use (ready or loaded)
    /// and returns its path and what it pinned. Start the runtime with
    /// ``RuntimeOptions/ignoreLock`` so plugins an older lock refused are in use again.
    package func writeLock() throws -> (path: String, plugins: [LockedPlugin]) {
        let usable = records.filter { ($0.status == .ready || $0.status == .loaded) && $0.name != nil }
        var lock = PluginLock()
        var locked: [LockedPlugin] = []
        for record in usable {
            guard let name = record.name else { continue }
            guard let sha256 = try state.withLock({ digests[record.path]?.sha256 }) ?? Self.digest(ofFileAt: record.path) else {
                throw HostError("\(record.path): cannot compute its SHA-256; check that the file is readable, then run 'viper plugins --lock' again")
            }
            lock.plugins[record.path] = PluginLock.Entry(name: name, sha256: sha256)
            locked.append(LockedPlugin(name: name, path: record.path, sha256: sha256))
        }
        try lock.save(folder: dataFolder)
        logger.log(.info, "locked \(locked.count) plugin(s) in \(PluginLock.path(in: dataFolder))", source: "loader")
        return (PluginLock.path(in: dataFolder), locked)
    }

    /// SHA-256 of a plugin file as it is now, for pinning one that was scanned without a lock.
    static func digest(ofFileAt path: String) throws -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw HostError("\(path): cannot be read (\(String(cString: strerror(errno)))); check its permissions, then lock again")
        }
        defer { close(descriptor) }
        return SHA256.hex(ofFile: descriptor)
    }

    /// Removes `plugins.lock`; returns its path, or nil when there was none.
    package func removeLock() throws -> String? {
        let path = PluginLock.path(in: dataFolder)
        guard unlink(path) == 0 else {
            if errno == ENOENT { return nil }
            throw HostError("cannot remove the plugin lock \(path): \(String(cString: strerror(errno)))")
        }
        logger.log(.info, "removed the plugin lock \(path)", source: "loader")
        return path
    }

    /// Loads every enabled plugin now (for `viper check` and tests that need them in process).
    package func loadAll() {
        state.withLock {
            for (name, plugin) in pending.sorted(by: { $0.key < $1.key }) {
                pending.removeValue(forKey: name)
                _ = load(plugin, name: name)
            }
        }
    }
}
