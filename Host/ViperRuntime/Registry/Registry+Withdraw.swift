import Contracts

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
    @discardableResult
    func withdraw(plugin: String) -> Int {
        interception.withdraw(plugin: plugin)
        return lock.withLock {
            let before = services.count + modules.count + adapters.count
            services = services.filter { $0.value.plugin != plugin }
            let leaving = modules.filter { $0.value.plugin == plugin }
            modules = modules.filter { $0.value.plugin != plugin }
            adapters = adapters.filter { $0.value.plugin != plugin }
            routes.routeless.subtract(leaving.keys)
            routes.pending.removeAll { $0.plugin == plugin }
            routes.unavailable.removeAll { $0.route.plugin == plugin }
            disabledProviders = disabledProviders.filter { !$0.value.hasPrefix("\(plugin) ") }
            return before - services.count - modules.count - adapters.count
        }
    }
}

extension InterceptorTable {
    /// Removes the interceptors and route error observers of `plugin`.
    func withdraw(plugin: String) {
        lock.withLock {
            byKey = byKey.compactMapValues { list in
                let kept = list.filter { $0.plugin != plugin }
                return kept.isEmpty ? nil : kept
            }
            observerList.removeAll { $0.plugin == plugin }
        }
    }
}
