import Contracts
import ViperCore
import ViperLoading

/// Lazy loading: a plugin validated from its descriptor is `dlopen`ed when the
/// registry first misses something it serves (``Registry/onMiss``), or all at once
/// for `viper check` and `VIPER_LOAD=eager`.
extension HostRuntime {
    /// Loads the plugins that serve `key`: its providers and the plugins with an adapter
    /// to it. The registry asks for each contract along a ``ServingPath`` in turn, so a
    /// chain of adapters loads every plugin on it. A plugin whose interceptor of `key` is off is not
    /// loaded for it (``InterceptionPermission/mayLoad(_:named:for:)``). Returns true when something
    /// new was registered.
    func activate(_ key: ProvisionKey) -> Bool {
        state.withLock {
            var loadedAny = false
            let permission = interceptionPermission
            let taken = pending.take(serving: key, where: { permission.mayLoad($1, named: $0, for: key) })
            guard !taken.isEmpty else { return false }
            let cause = Self.cause(of: key, asking: registry.profile.currentCause)
            for (name, plugin) in taken {
                if load(plugin, name: name, cause: cause) { loadedAny = true }
            }
            return loadedAny
        }
    }

    /// Loads every enabled plugin now (for `viper check` and tests that need them in process).
    package func loadAll() {
        state.withLock {
            for (name, plugin) in pending.takeAll() {
                _ = load(plugin, name: name, cause: registry.profile.currentCause ?? "every plugin loaded at once (VIPER_LOAD=eager, or viper check)")
            }
        }
    }

    /// What asked for `key`, for the profile: the plugin code running now (a builder that resolves
    /// a service), else what the shell runs (`asking`), else start-up.
    static func cause(of key: ProvisionKey, asking: String?) -> String {
        let what = "\(key.kind.rawValue) \(key.label)"
        if let running = PluginExitGuard.current { return "\(what) for \(running.plugin) \(running.doing)" }
        return "\(what) for \(asking ?? "start-up")"
    }

    /// Loads one pending plugin, checked against its scan; commits it or disables it with the reason.
    private func load(_ plugin: PendingPlugin, name: String, cause: String) -> Bool {
        if modeRule.mode(name: name, origin: plugin.file.folder.origin, descriptor: plugin.scanned.descriptor).isIsolated {
            return loadIsolated(plugin, name: name)
        }
        let position = recordList.firstIndex { $0.name == name && $0.path == plugin.file.path }
        let verified = VerifiedLoader(loader: loader, scanner: rescanner)
        let began = PluginClock.now(), waited = ThreadSchedule.waited()
        switch verified.load(plugin.file, scanned: plugin.scanned.descriptor, stamp: plugin.stamp, known: plugin.known) {
        case .success(let loaded):
            let opened = PluginClock.now()
            registry.commit(
                loaded.registrar,
                skipping: plugin.overridden.union(
                    interceptionPermission.skipped(loaded.registrar, origin: plugin.file.folder.origin)))
            noteLoad(loaded, name: name, cause: cause, began: began, opened: opened, waited: waited)
            if let position { recordList[position].status = .loaded }
            logger?.log(.info, "loaded \(name) from \(plugin.file.path) on first use", source: "loader")
            return true
        case .failure(let error):
            problemList.append(Problem(kind: .loadFailed, plugin: name, contract: nil, message: error.description))
            if let position {
                recordList[position].status = .disabled
                recordList[position].reason = error.message
            }
            if let descriptor = recordList.first(where: { $0.name == name })?.scanned?.descriptor {
                noteDisabled(descriptor, plugin: name, reason: error.message)
            }
            logger?.log(.error, error.description, source: "loader")
            return false
        }
    }

    /// Starts an isolated plugin's process and registers a proxy for each module it declared, or
    /// disables it with one line saying why (a plugin that serves others cannot be isolated yet).
    private func loadIsolated(_ plugin: PendingPlugin, name: String) -> Bool {
        let position = recordList.firstIndex { $0.name == name && $0.path == plugin.file.path }
        switch startIsolated(plugin.file, name: name, descriptor: plugin.scanned.descriptor) {
        case .success(let loaded):
            registry.commit(loaded.registrar, skipping: plugin.overridden)
            if let position { recordList[position].status = .loaded }
            logger?.log(.info, "started \(name) isolated from \(plugin.file.path) on first use", source: "loader")
            return true
        case .failure(let failure):
            problemList.append(Problem(kind: .loadFailed, plugin: name, contract: nil, message: failure.description))
            if let position {
                recordList[position].status = .disabled
                recordList[position].reason = failure.description
            }
            logger?.log(.error, failure.description, source: "loader")
            return false
        }
    }

    /// Starts `file` isolated (stopping a process of an older version of it) and returns a proxy for
    /// each module it declared, as a load's registrar; its code never enters this process.
    func startIsolated(_ file: PluginFile, name: String, descriptor: PluginDescriptor) -> Result<LoadedPlugin, IsolatedPlugin.Failure> {
        if let refusal = IsolatedPlugin.refusal(plugin: name, descriptor: descriptor) {
            return .failure(IsolatedPlugin.Failure(description: refusal))
        }
        guard let executable = Self.scannerExecutable(options) else {
            return .failure(IsolatedPlugin.Failure(description: "plugin '\(name)' cannot run isolated: no viper executable to start it with"))
        }
        isolatedPlugins.removeValue(forKey: name)?.stop()
        let isolated = IsolatedPlugin(
            name: name, path: file.path, executable: executable, dataFolder: dataFolder,
            environment: options.environment, allowInsecure: options.allowInsecurePlugins,
            allowNetwork: networkNames.contains(name))
        isolated.logger = logger
        isolated.progress = commandProgress
        isolated.registry = registry
        let declared: [IsolatedPlugin.DeclaredModule]
        do {
            declared = try isolated.start()
        } catch {
            return .failure(error)
        }
        let recorded = RecordingRegistrar(plugin: name)
        let provided: [Provision] = descriptor.provides
        for (index, module) in declared.enumerated() {
            let same = provided.first { (provision: Provision) -> Bool in
                provision.kind == .module && provision.contract == module.contract && provision.name == module.name
            }
            let needs: [Requirement] = same?.requires ?? []
            recorded.registerIsolatedModule(
                module.contract, type: nil, name: module.name, route: module.route, requires: needs,
                builder: IsolatedModuleBuilder(plugin: isolated, index: index))
        }
        recorded.seal()
        isolatedPlugins[name] = isolated
        return .success(LoadedPlugin(file: file, descriptor: descriptor, registrar: recorded))
    }

    /// Notes a load in the profile: from `began` to now, its registration from `opened`, its own
    /// time less what the thread waited for a CPU since `waited`.
    func noteLoad(_ loaded: LoadedPlugin, name: String, cause: String, began: UInt64, opened: UInt64, waited: UInt64?) {
        let now = PluginClock.now()
        PluginTally.noteNested(now &- began)  // a builder that resolved a service of this plugin is not charged for its load
        let seconds = Double(now &- began) / 1e9
        var load = PluginProfile.Load(
            plugin: name, seconds: seconds, opening: Double(loaded.timing.opening) / 1e9,
            entry: Double(loaded.timing.entry) / 1e9, registration: Double(now &- opened) / 1e9, cause: cause,
            at: PluginProfile.sinceStart(began))
        if let waited, let after = ThreadSchedule.waited(), after >= waited {
            load.ownSeconds = max(0, seconds - Double(after - waited) / 1e9)
        }
        load.imageDevice = loaded.timing.imageDevice
        load.imageInode = loaded.timing.imageInode
        registry.profile.noteLoad(load)
    }
}
