import Contracts
import Synchronization

/// Live plugins (docs/ARCHITECTURE.md, "Live plugins"): what one plugin registered leaves
/// the registry when its file is removed or a new version takes over.
extension Registry {
    /// Withdraws everything `plugin` (a manifest name) put in the registry, for new builds and
    /// resolves: its services (with the process-scoped instances they keep), modules, adapters,
    /// route interceptors and route error observers, its routes (served, pending and
    /// unavailable) and the notes that its contracts are disabled. Route owners are left alone:
    /// the caller assigns them again from a new validation. What was already built or resolved
    /// (a module on screen, a service a module holds) is not touched and keeps working on the
    /// code it came from. Returns how many registrations were withdrawn.
    ///
    /// One write: readers see the registry with all of it or none of it. A ``Provider`` bound
    /// to a withdrawn service sees its `withdrawn` flag and resolves again.
    @discardableResult
    package func withdraw(plugin: String) -> Int {
        interception.withdraw(plugin: plugin)
        return write { remove(plugin: plugin, from: &$0) }
    }

    /// A new version in place of what `plugin` registered (nil: nothing served before), with the
    /// routes' owners from the validation that admitted it: one write, so a reader sees the old
    /// version or the new one, never neither.
    package func replace(plugin: String?, with recorded: RecordingRegistrar, skipping: Set<String>, routeOwners: [String: String]) {
        if let plugin { interception.withdraw(plugin: plugin) }
        interception.add(recorded)
        write { tables in
            if let plugin { remove(plugin: plugin, from: &tables) }
            tables.routes.owners = routeOwners
            add(recorded, skipping: skipping, to: &tables)
        }
    }

    /// What ``withdraw(plugin:)`` writes, inside a write already under way.
    @discardableResult
    private func remove(plugin: String, from tables: inout RegistryTables) -> Int {
        let before = tables.services.count + tables.modules.count + tables.adapters.count
        for service in tables.services.values where service.plugin == plugin {
            service.withdrawn.store(true, ordering: .releasing)
        }
        tables.services = tables.services.filter { $0.value.plugin != plugin }
        let leaving = tables.modules.filter { $0.value.plugin == plugin }
        tables.modules = tables.modules.filter { $0.value.plugin != plugin }
        tables.adapters = tables.adapters.filter { $0.value.plugin != plugin }
        tables.routes.routeless.subtract(leaving.keys)
        tables.routes.pending.removeAll { $0.plugin == plugin }
        tables.routes.unavailable.removeAll { $0.route.plugin == plugin }
        tables.disabledProviders = tables.disabledProviders.filter { !$0.value.hasPrefix("\(plugin) ") }
        return before - tables.services.count - tables.modules.count - tables.adapters.count
    }
}

extension InterceptorTable {
    /// Removes the interceptors and route error observers of `plugin`.
    package func withdraw(plugin: String) {
        lock.withLock {
            byKey = byKey.compactMapValues { list in
                let kept = list.filter { $0.plugin != plugin }
                return kept.isEmpty ? nil : kept
            }
            observerList.removeAll { $0.plugin == plugin }
        }
    }
}
