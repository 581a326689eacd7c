import Contracts
import Foundation

/// The live registry of services, modules and adapters, keyed by contract type
/// identity. Plugins fill it only through a ``RecordingRegistrar`` that the runtime
/// commits after validation; everyone else reads it through a ``Resolver``.
/// Safe to resolve from many threads at once.
///
/// `@unchecked Sendable`: every table is read and written under `lock`; `onMiss` is set
/// once, by the runtime at start-up, before any module or service is resolved.
package final class Registry: @unchecked Sendable {
    private let lock = NSLock()
    private var services: [RegistryKey: ServiceRegistration] = [:]
    private var modules: [RegistryKey: ModuleRegistration] = [:]
    private var adapters: [ObjectIdentifier: AdapterRegistration] = [:]
    /// Contracts whose provider was disabled, with the reason, for precise errors.
    private var disabledProviders: [ContractID: String] = [:]
    /// Which plugin keeps each route, by ``RouteRule/shape(_:)``, as validation decided.
    private var routeOwners: [String: String] = [:]
    /// Loaded modules whose route is not served: it breaks a ``RouteRule`` or another plugin keeps it.
    private var routeless = Set<RegistryKey>()

    /// Lazy loading: asked for a contract that nothing registered yet (e.g. `service
    /// Contracts.NoteStore[name]`); loads the plugin that provides it
    /// and returns true if that registered something new.
    var onMiss: ((ProvisionKey) -> Bool)?

    package init() {}

    // MARK: Filling

    /// Registers a host service (logger, clock, data folder, database).
    func addHostService<Service>(_ contract: Service.Type, factory: @escaping (any Resolver) throws -> Service) {
        let registration = ServiceRegistration(
            key: RegistryKey(type: ObjectIdentifier(contract), name: nil), contract: ContractID(contract),
            name: nil, scope: .process, requires: [], plugin: "host", factory: ServiceFactory(factory))
        registration.nestedResolver = ScopedResolver(registry: self, requester: "host (\(registration.label))")
        lock.withLock { services[registration.key] = registration }
    }

    /// Commits what a validated plugin registered. `skipping` lists provisions that
    /// lost to another provider the user chose.
    package func commit(_ recorded: RecordingRegistrar, skipping: Set<String> = []) {
        lock.withLock {
            // Room for all at once: a plugin with thousands of registrations does not regrow the tables.
            services.reserveCapacity(services.count + recorded.services.count)
            modules.reserveCapacity(modules.count + recorded.modules.count)
            for service in recorded.services where !skipping.contains(Self.label(service.contract, service.name)) {
                service.nestedResolver = ScopedResolver(registry: self, requester: "\(service.plugin) (\(service.label))")
                services[service.key] = service
            }
            for module in recorded.modules where !skipping.contains(Self.label(module.contract, module.name)) {
                modules[module.key] = module
                // Checked again here, on what the plugin registered live, not only on its descriptor.
                if let route = module.route, !mayServe(route, plugin: module.plugin) {
                    routeless.insert(module.key)
                } else {
                    routeless.remove(module.key)
                }
            }
            for adapter in recorded.adapters where !skipping.contains(Self.label(adapter.requiredContract, nil)) {
                adapters[adapter.required] = adapter
            }
        }
    }

    /// Remembers why a contract has no provider, so a resolve names the reason.
    func noteDisabled(_ contract: ContractID, reason: String) {
        lock.withLock { disabledProviders[contract] = reason }
    }

    /// Records who keeps each route (validation's ``GraphValidator/Outcome/routeOwners``),
    /// before any plugin's modules or pending routes are added.
    func assignRoutes(_ owners: [String: String]) {
        lock.withLock { routeOwners = owners }
    }

    /// Whether `plugin` may serve `route`: it keeps the rules, and no other plugin keeps it. Call with the lock held.
    private func mayServe(_ route: RouteSpec, plugin: String) -> Bool {
        RouteRule.problem(with: route) == nil && (routeOwners[RouteRule.shape(route.pattern)] ?? plugin) == plugin
    }

    package static func label(_ contract: ContractID, _ name: String?) -> String {
        ProvisionKey.label(contract, name)
    }

    // MARK: Reading

    /// A resolver that reports `requester` as the one asking.
    package func resolver(for requester: String) -> any Resolver {
        ScopedResolver(registry: self, requester: requester)
    }

    /// Every module route known, loaded or not: from live registrations and from the
    /// descriptors of plugins that load on first use. Sorted by pattern.
    package var routeEntries: [RouteEntry] {
        let (loaded, pending, refused) = lock.withLock { (Array(modules.values), pendingRoutes, routeless) }
        var entries: [RouteEntry] = loaded.compactMap { module in
            guard let route = module.route, !refused.contains(module.key) else { return nil }
            return RouteEntry(spec: route, contract: module.contract, name: module.name, plugin: module.plugin)
        }
        // A loaded module's live registration replaces its plugin's pending entry, with or without a route.
        let known = Set(loaded.map { Self.label($0.contract, $0.name) })
        entries += pending.filter { !known.contains(Self.label($0.contract, $0.name)) }
        return entries.sorted { $0.spec.pattern < $1.spec.pattern }
    }

    /// Routes of plugins that are validated but not loaded yet.
    private var pendingRoutes: [RouteEntry] = []

    /// Routes of plugins that are disabled, with the reason: so opening one says why.
    private var unavailableRoutes: [(route: RouteEntry, reason: String)] = []

    func addUnavailableRoutes(_ routes: [RouteEntry], reason: String) {
        // A route that breaks the rules is not offered even as a reason (`open help` is not "plugin X is disabled").
        lock.withLock { unavailableRoutes += routes.filter { RouteRule.problem(with: $0.spec) == nil }.map { ($0, reason) } }
    }

    /// The routes of disabled plugins and why each is unavailable.
    var unavailableRouteEntries: [(route: RouteEntry, reason: String)] {
        lock.withLock { unavailableRoutes }
    }

    /// Adds routes of plugins not loaded yet; those the plugin may not serve are dropped.
    func addPendingRoutes(_ entries: [RouteEntry]) {
        lock.withLock { pendingRoutes += entries.filter { mayServe($0.spec, plugin: $0.plugin) } }
    }

    func resolve<Service>(_ contract: Service.Type, name: String?, requester: String) throws -> Service {
        let key = RegistryKey(type: ObjectIdentifier(contract), name: name)
        var (registration, adapter) = lookupService(key)
        if registration == nil, adapter == nil, let onMiss, onMiss(ProvisionKey(.service, ContractID(contract), name: name)) {
            (registration, adapter) = lookupService(key)
        }
        if let registration {
            // The fast path: the box has the asked-for type, so nothing is cast.
            if let typed = registration.factory as? ServiceFactory<Service> {
                return try instance(typed, of: registration, requester: requester)
            }
            let value = try anyInstance(of: registration, requester: requester)
            guard let service = value as? Service else {
                throw ResolutionError(code: .typeMismatch, contract: ContractID(contract), name: name,
                                      requester: requester, registered: [], detail: String(describing: type(of: value)))
            }
            return service
        }
        if let adapter {
            let providedKey = RegistryKey(type: adapter.provided, name: name)
            if lock.withLock({ services[providedKey] == nil }) {
                _ = onMiss?(ProvisionKey(.service, adapter.providedContract, name: name))
            }
            guard let provided = lock.withLock({ services[providedKey] }) else {
                throw notRegistered(ContractID(contract), name: name, requester: requester,
                                    detail: "adapted from \(adapter.providedContract.name), which nothing provides")
            }
            let value = try anyInstance(of: provided, requester: requester)
            do {
                if let adapted = try adapter.adapt(value) as? Service { return adapted }
            } catch {
                throw ResolutionError(code: .factoryFailed, contract: ContractID(contract), name: name, requester: requester,
                                      registered: [], detail: "adapter from \(adapter.providedContract.name) (\(adapter.plugin)) threw: \(error)")
            }
            throw ResolutionError(code: .typeMismatch, contract: ContractID(contract), name: name, requester: requester,
                                  registered: [], detail: "the adapter's result")
        }
        throw notRegistered(ContractID(contract), name: name, requester: requester, detail: "")
    }

    private func lookupService(_ key: RegistryKey) -> (ServiceRegistration?, AdapterRegistration?) {
        lock.withLock {
            if let registration = services[key] { return (registration, nil) }
            return (nil, adapters[key.type])
        }
    }

    private func instance<Service>(_ typed: ServiceFactory<Service>, of registration: ServiceRegistration,
                                   requester: String) throws -> Service {
        if registration.scope == .process, let cached = lock.withLock({ typed.instance }) {
            return cached
        }
        let value = try produce(registration, requester: requester) { try typed.make($0) }
        guard registration.scope == .process else { return value }
        return lock.withLock {
            if let winner = typed.instance { return winner }
            typed.instance = value
            return value
        }
    }

    private func anyInstance(of registration: ServiceRegistration, requester: String) throws -> Any {
        if registration.scope == .process, let cached = lock.withLock({ registration.factory.cachedAny }) {
            return cached
        }
        let value = try produce(registration, requester: requester) { try registration.factory.makeAny($0) }
        guard registration.scope == .process else { return value }
        return lock.withLock { registration.factory.storeIfAbsent(value) }
    }

    /// Runs a factory with the registration on this thread's resolution stack, so a
    /// factory that (indirectly) needs itself is reported as a cycle, not a stack overflow.
    private func produce<T>(_ registration: ServiceRegistration, requester: String,
                            _ make: (any Resolver) throws -> T) throws -> T {
        let stack = ResolutionStack.current
        if stack.keys.contains(registration.key) {
            let names = (stack.keys.drop { $0 != registration.key } + [registration.key]).compactMap { key in
                lock.withLock { services[key] }.map(\.label)
            }
            throw ResolutionError(code: .cycle, contract: registration.contract, name: registration.name, requester: requester,
                                  registered: [], detail: names.joined(separator: " → "))
        }
        stack.keys.append(registration.key)
        defer { stack.keys.removeLast() }
        let nested = registration.nestedResolver ?? ScopedResolver(registry: self, requester: "\(registration.plugin) (\(registration.label))")
        do {
            return try make(nested)
        } catch let error as ResolutionError {
            throw error
        } catch {
            throw ResolutionError(code: .factoryFailed, contract: registration.contract, name: registration.name,
                                  requester: requester, registered: [], detail: "\(registration.plugin): \(error)")
        }
    }

    func canResolve(_ contract: Any.Type, name: String?) -> Bool {
        let key = RegistryKey(type: ObjectIdentifier(contract), name: name)
        if !lock.withLock({ services[key] != nil || adapters[key.type] != nil }), let onMiss {
            _ = onMiss(ProvisionKey(.service, ContractID(contract), name: name))
        }
        return lock.withLock {
            if services[key] != nil { return true }
            guard let adapter = adapters[key.type] else { return false }
            return services[RegistryKey(type: adapter.provided, name: name)] != nil
        }
    }

    /// The module registration that serves `contract` (directly or through an adapter).
    package func moduleRegistration(for contract: Any.Type, name: String?) -> (ModuleRegistration, AdapterRegistration?)? {
        let key = RegistryKey(type: ObjectIdentifier(contract), name: name)
        if let found = loadedModuleRegistration(key) { return found }
        guard let onMiss, onMiss(ProvisionKey(.module, ContractID(contract), name: name)) else { return nil }
        if let found = loadedModuleRegistration(key) { return found }
        // Served through an adapter whose source module lives in a plugin not loaded yet.
        if let adapter = lock.withLock({ adapters[key.type] }) {
            _ = onMiss(ProvisionKey(.module, adapter.providedContract, name: name))
        }
        return loadedModuleRegistration(key)
    }

    /// The module registration for a contract given by name (shell routes), loading its plugin if needed.
    package func moduleRegistration(contract: ContractID, name: String?) -> ModuleRegistration? {
        let find = { self.lock.withLock { self.modules.values.first { $0.contract == contract && $0.name == name } } }
        if let found = find() { return found }
        guard let onMiss, onMiss(ProvisionKey(.module, contract, name: name)) else { return nil }
        return find()
    }

    private func loadedModuleRegistration(_ key: RegistryKey) -> (ModuleRegistration, AdapterRegistration?)? {
        lock.withLock {
            if let module = modules[key] { return (module, nil) }
            guard let adapter = adapters[key.type], let module = modules[RegistryKey(type: adapter.provided, name: key.name)] else {
                return nil
            }
            return (module, adapter)
        }
    }

    /// The error for a contract nothing serves, listing what is registered under it.
    func notRegistered(_ contract: ContractID, name: String?, requester: String, detail: String) -> ResolutionError {
        let (registered, disabled) = lock.withLock { () -> ([String], String?) in
            let names = services.values.filter { $0.contract == contract }.map { Self.label($0.contract, $0.name) }
                + modules.values.filter { $0.contract == contract }.map { ProvisionKey(.module, $0.contract, name: $0.name).description }
            return (names.sorted(), disabledProviders[contract])
        }
        if let disabled {
            return ResolutionError(code: .providerDisabled, contract: contract, name: name, requester: requester,
                                   registered: registered, detail: disabled)
        }
        return ResolutionError(code: .notRegistered, contract: contract, name: name, requester: requester,
                               registered: registered, detail: detail)
    }
}
