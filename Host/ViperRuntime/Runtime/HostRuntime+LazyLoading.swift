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
            for (name, plugin) in pending.take(serving: key, where: { permission.mayLoad($1, named: $0, for: key) }) {
                if load(plugin, name: name) { loadedAny = true }
            }
            return loadedAny
        }
    }

    /// Loads every enabled plugin now (for `viper check` and tests that need them in process).
    package func loadAll() {
        state.withLock {
            for (name, plugin) in pending.takeAll() {
                _ = load(plugin, name: name)
            }
        }
    }

    /// Loads one pending plugin, checked against its scan; commits it or disables it with the reason.
    private func load(_ plugin: PendingPlugin, name: String) -> Bool {
        let position = recordList.firstIndex { $0.name == name && $0.path == plugin.file.path }
        let verified = VerifiedLoader(loader: loader, scanner: rescanner)
        switch verified.load(plugin.file, scanned: plugin.scanned.descriptor, stamp: plugin.stamp, known: plugin.known) {
        case .success(let loaded):
            registry.commit(
                loaded.registrar,
                skipping: plugin.overridden.union(
                    interceptionPermission.skipped(loaded.registrar, origin: plugin.file.folder.origin)))
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
}
