import Contracts
import Foundation
import Synchronization

/// The live registry of services, modules and adapters, keyed by contract type
/// identity. Plugins fill it only through a ``RecordingRegistrar`` that the runtime
/// commits after validation; everyone else reads it through a ``Resolver``.
/// Safe to resolve from many threads at once.
///
/// How the pieces fit: a commit writes ``RegistryTables`` under `lock`; a read probes an
/// immutable ``RegistrySnapshot`` (its ``TypeTable`` for the common, unnamed contract) that the
/// thread's ``ResolutionStack`` keeps until `stamp` moves, so the common resolve takes no lock.
/// A miss goes to `onMiss` (lazy loading) or through adapters (``ServingPath``). Instances,
/// providers, routes and withdrawal on reload are the `Registry+…` files; plugin code runs
/// marked by ``PluginExitGuard`` and timed by ``PluginProfile``.
///
/// Longer than 300 lines on purpose: registration, resolution and the lock that orders them are
/// one set of invariants, read together.
///
/// `@unchecked Sendable`: the tables are written under `lock` and read from an immutable
/// snapshot each thread keeps, checked against `stamp` (Registry+Snapshot.swift); `onMiss` is
/// set once, by the runtime at start-up, before any module or service is resolved.
package final class Registry: @unchecked Sendable {
    /// Serialises writers, and guards `tables` and `current`.
    package let lock = NSLock()
    /// The writers' copy of the tables (see ``RegistryTables``).
    package var tables = RegistryTables()
    /// The snapshot of `tables` readers get, or nil after a write (the next read makes one).
    package var current: RegistrySnapshot?
    /// `current`'s stamp, or 0 when it is nil: what a read compares with its thread's snapshot.
    package let stamp = Atomic<UInt64>(0)
    /// Route interceptors and route error observers (its own lock).
    package let interception = InterceptorTable()
    /// What each plugin cost this process (``PluginProfile``): its own lock.
    package let profile = PluginProfile()

    /// Lazy loading: asked for a contract that nothing registered yet (e.g. `service
    /// Contracts.NoteStore[name]`); loads the plugins that provide (or intercept) it; true if that registered something.
    package var onMiss: ((ProvisionKey) -> Bool)?
    /// ``ResolutionStack/key``, read once here (a read finds its stack in a thread-local word).
    package let stackKey = ResolutionStack.key

    package init() {}

    // MARK: Filling

    /// Registers a host service (logger, clock, data folder, database).
    package func addHostService<Service>(_ contract: Service.Type, factory: @escaping (any Resolver) throws -> Service) {
        let registration = ServiceRegistration(
            key: RegistryKey(type: ObjectIdentifier(contract), name: nil), contract: ContractID(contract),
            name: nil, scope: .process, requires: [], plugin: "host", factory: ServiceFactory(factory))
        registration.nestedResolver = ScopedResolver(registry: self, requester: "host (\(registration.label))")
        write { $0.services[registration.key] = registration }
    }

    /// Commits what a validated plugin registered. `skipping` lists provisions that
    /// lost to another provider the user chose.
    package func commit(_ recorded: RecordingRegistrar, skipping: Set<String> = []) {
        interception.add(recorded, skipping: skipping)
        write { add(recorded, skipping: skipping, to: &$0) }
    }

    /// What ``commit(_:skipping:)`` writes, inside a write already under way.
    package func add(_ recorded: RecordingRegistrar, skipping: Set<String>, to tables: inout RegistryTables) {
        // Room for all at once: a plugin with thousands of registrations does not regrow the tables.
        tables.services.reserveCapacity(tables.services.count + recorded.services.count)
        tables.modules.reserveCapacity(tables.modules.count + recorded.modules.count)
        for service in recorded.services where !skipping.contains(Self.label(service.contract, service.name)) {
            service.nestedResolver = ScopedResolver(registry: self, requester: "\(service.plugin) (\(service.label))")
            tables.services[service.key] = service
        }
        for module in recorded.modules where !skipping.contains(Self.label(module.contract, module.name)) {
            tables.modules[module.key] = module
            // Checked again here, on what the plugin registered live, not only on its descriptor.
            tables.routes.noteLoaded(module)
        }
        for adapter in recorded.adapters where !skipping.contains(Self.label(adapter.requiredContract, nil)) {
            tables.adapters[adapter.required] = adapter
        }
    }

    /// Remembers why a contract has no provider, so a resolve names the reason.
    package func noteDisabled(_ contract: ContractID, reason: String) {
        write { $0.disabledProviders[contract] = reason }
    }

    /// Records who keeps each route (validation's ``GraphValidator/Outcome/routeOwners``),
    /// before any plugin's modules or pending routes are added.
    package func assignRoutes(_ owners: [String: String]) {
        write { $0.routes.owners = owners }
    }

    package static func label(_ contract: ContractID, _ name: String?) -> String { ProvisionKey.label(contract, name) }

    // MARK: Reading

    /// A resolver that reports `requester` as the one asking.
    package func resolver(for requester: String) -> any Resolver {
        ScopedResolver(registry: self, requester: requester)
    }

    /// Every module route known, loaded or not: from live registrations and from the
    /// descriptors of plugins that load on first use. Sorted by pattern.
    package var routeEntries: [RouteEntry] { routing.entries }

    /// Routes of a plugin that is not serving; `reason` is the whole line a person gets on
    /// opening one, with its fix ("plugin 'x' is disabled: ...; type 'doctor' for every problem").
    package func addUnavailableRoutes(_ entries: [RouteEntry], reason: String) {
        write { $0.routes.addUnavailable(entries, reason: reason) }
    }

    /// The routes of disabled plugins and why each is unavailable.
    package var unavailableRouteEntries: [(route: RouteEntry, reason: String)] {
        read { $0.routes.unavailable }
    }

    /// Adds routes of plugins not loaded yet; those the plugin may not serve are dropped.
    package func addPendingRoutes(_ entries: [RouteEntry]) {
        write { $0.routes.addPending(entries) }
    }

    /// The common path: one probe of the snapshot and a call of the typed factory. Registered
    /// under the asked-for contract's type identity, its box is a ServiceFactory<Service>: the key
    /// fixes the type, so no dynamic cast is needed (a cast's generic metadata lookups would be a
    /// large share of a resolve). The registration is borrowed from this thread's
    /// snapshot, without a retain: the thread keeps the snapshot until the factory's frame is
    /// popped (Registry+Snapshot.swift). Inlined: one frame, not a witness that forwards eight arguments to it.
    @inline(__always)
    package func resolve<Service>(_ contract: Service.Type, name: String?, requester: String) throws -> Service {
        let stack = ResolutionStack.current(stackKey)
        if let direct = RegistrySnapshot.unretainedService(ObjectIdentifier(contract), name: name, in: snapshot(on: stack)) {
            return try instance(Self.typedFactory(of: direct, as: contract), of: direct, requester: requester, on: stack)
        }
        return try resolveServed(contract, name: name, requester: requester)
    }

    /// A service not registered under the asked contract (yet): loads its plugin, or walks adapters.
    /// Apart from ``resolve(_:name:requester:)`` so that its `as? Service` casts put no metadata
    /// lookup on the common path (`Optional<Service>`'s metadata would cost more than the probe).
    @inline(never)
    private func resolveServed<Service>(_ contract: Service.Type, name: String?, requester: String) throws -> Service {
        let (registration, adapters) = try servingService(contract, name: name, requester: requester)
        if adapters.isEmpty {
            if registration.key.type == ObjectIdentifier(contract) {
                return try instance(unsafeDowncast(registration.factory, to: ServiceFactory<Service>.self), of: registration, requester: requester)
            }
            let value = try anyInstance(of: registration, requester: requester)
            guard let service = value as? Service else {
                throw ResolutionError(
                    code: .typeMismatch, contract: ContractID(contract), name: name,
                    requester: requester, registered: [], detail: String(describing: type(of: value)))
            }
            return service
        }
        var value: Any = try anyInstance(of: registration, requester: requester)
        // From the provided contract back to the asked one: the last adapter of the chain first.
        for adapter in adapters.reversed() {
            let adapted: Any?
            do {
                adapted = try adapter.adapt(value)
            } catch {
                throw ResolutionError(
                    code: .factoryFailed, contract: ContractID(contract), name: name, requester: requester,
                    registered: [], detail: "adapter from \(adapter.providedContract.name) (\(adapter.plugin)) threw: \(error)")
            }
            guard let adapted else {
                throw ResolutionError(
                    code: .typeMismatch, contract: ContractID(contract), name: name, requester: requester, registered: [],
                    detail:
                        "\(type(of: value)) where the adapter to \(adapter.requiredContract.name) (\(adapter.plugin)) expected a \(adapter.providedContract.name)"
                )
            }
            value = adapted
        }
        guard let service = value as? Service else {
            throw ResolutionError(
                code: .typeMismatch, contract: ContractID(contract), name: name, requester: requester,
                registered: [], detail: "the adapter's result")
        }
        return service
    }

    /// The registration that serves service `contract` and the adapters from it, along the
    /// ``ServingPath`` (loading every plugin on the way), or the reason nothing does.
    private func servingService(_ contract: Any.Type, name: String?, requester: String) throws -> (ServiceRegistration, [AdapterRegistration]) {
        let (walk, adapters) = servingPath(ProvisionKey(.service, ContractID(contract), name: name), type: ObjectIdentifier(contract)) {
            $0.services[$1]?.plugin
        }
        switch walk {
        case .success(let path):
            guard let type = adapters.types[path.served.contract],
                let registration = registeredService(RegistryKey(type: type, name: name))
            else {
                throw notRegistered(ContractID(contract), name: name, requester: requester, detail: "")
            }
            return (registration, path.hops.compactMap { adapters.byContract[$0.contract] })
        case .failure(let unserved):
            throw notRegistered(ContractID(contract), name: name, requester: requester, detail: unserved.note)
        }
    }

    /// The adapters a walk followed, and the type identity of each contract on the way.
    private struct WalkedAdapters {
        var byContract: [ContractID: AdapterRegistration] = [:]
        var types: [ContractID: ObjectIdentifier] = [:]
    }

    /// The ``ServingPath`` of `asked` over live registrations. `provided` looks a key up in a snapshot. A key nothing registered yet is asked of ``onMiss`` first, which loads
    /// the plugins that provide or adapt it: so a chain loads every plugin along it.
    private func servingPath(_ asked: ProvisionKey, type: ObjectIdentifier, provided: (borrowing RegistryTables, RegistryKey) -> String?)
        -> (Result<ServingPath, ServingPath.Unserved>, WalkedAdapters)
    {
        var walked = WalkedAdapters()
        walked.types[asked.contract] = type
        let walk = ServingPath.find(
            asked,
            provider: { key in
                guard let type = walked.types[key.contract] else { return nil }
                let registryKey = RegistryKey(type: type, name: key.name)
                if let found = read({ provided($0, registryKey) }) { return found }
                // Looked up again whatever onMiss answers: it returns only after a load of the
                // same plugin that another thread had begun is done (found under thread sanitizer).
                _ = onMiss?(key)
                return read { provided($0, registryKey) }
            },
            adapter: { contract in
                guard let type = walked.types[contract], let adapter = read({ $0.adapters[type] }) else { return nil }
                walked.byContract[contract] = adapter
                walked.types[adapter.providedContract] = walked.types[adapter.providedContract] ?? adapter.provided
                return ServingPath.Hop(contract: adapter.requiredContract, source: adapter.providedContract, plugin: adapter.plugin)
            })
        return (walk, walked)
    }

    /// The service registered under `key`, if any.
    @inline(__always)
    package func registeredService(_ key: RegistryKey) -> ServiceRegistration? {
        probe { $0.service(key) }
    }

    package func canResolve(_ contract: Any.Type, name: String?) -> Bool {
        let key = RegistryKey(type: ObjectIdentifier(contract), name: name)
        if read({ $0.services[key] != nil }) { return true }
        let (walk, _) = servingPath(ProvisionKey(.service, ContractID(contract), name: name), type: key.type) {
            $0.services[$1]?.plugin
        }
        if case .success = walk { return true }
        return false
    }

    /// The module registration that serves `contract` and the adapters from it to `contract`
    /// (asked contract first), along the ``ServingPath``, loading every plugin on the way.
    /// Throws a ``ResolutionError`` that says why when nothing serves it.
    package func servingModule(for contract: Any.Type, name: String?, requester: String) throws -> (ModuleRegistration, [AdapterRegistration]) {
        let key = RegistryKey(type: ObjectIdentifier(contract), name: name)
        if let module = RegistrySnapshot.module(key.type, name: name, in: snapshot(on: ResolutionStack.current(stackKey))) { return (module, []) }
        return try servedModule(for: contract, key: key, requester: requester)
    }

    /// A module not registered under the asked contract (yet). Apart so that the metadata of the
    /// walk's types is not fetched on the common path.
    @inline(never)
    private func servedModule(for contract: Any.Type, key: RegistryKey, requester: String) throws -> (ModuleRegistration, [AdapterRegistration]) {
        let name = key.name
        let (walk, adapters) = servingPath(ProvisionKey(.module, ContractID(contract), name: name), type: key.type) {
            $0.modules[$1]?.plugin
        }
        switch walk {
        case .success(let path):
            guard let type = adapters.types[path.served.contract],
                let module = read({ $0.modules[RegistryKey(type: type, name: name)] })
            else {
                throw notRegistered(ContractID(contract), name: name, requester: requester, detail: "")
            }
            return (module, path.hops.compactMap { adapters.byContract[$0.contract] })
        case .failure(let unserved):
            throw notRegistered(ContractID(contract), name: name, requester: requester, detail: unserved.note)
        }
    }

    /// ``servingModule(for:name:requester:)`` without the reason: nil when nothing serves `contract`.
    package func moduleRegistration(for contract: Any.Type, name: String?) -> (ModuleRegistration, [AdapterRegistration])? {
        let type = ObjectIdentifier(contract)
        if let module = RegistrySnapshot.module(type, name: name, in: snapshot(on: ResolutionStack.current(stackKey))) { return (module, []) }
        return try? servingModule(for: contract, name: name, requester: "the host")
    }

    /// The module registration for a contract given by name (shell routes), loading its plugin if needed.
    package func moduleRegistration(contract: ContractID, name: String?) -> ModuleRegistration? {
        let find = { self.probe { $0.routing.module(contract, name: name, in: $0.tables) } }
        if let found = find() { return found }
        _ = onMiss?(ProvisionKey(.module, contract, name: name))  // then again, as in servingPath
        return find()
    }

    /// The error for a contract nothing serves, listing what is registered under it.
    package func notRegistered(_ contract: ContractID, name: String?, requester: String, detail: String) -> ResolutionError {
        let (registered, disabled) = read { tables -> ([String], String?) in
            let names =
                tables.services.values.filter { $0.contract == contract }.map { Self.label($0.contract, $0.name) }
                + tables.modules.values.filter { $0.contract == contract }.map { ProvisionKey(.module, $0.contract, name: $0.name).description }
            return (names.sorted(), tables.disabledProviders[contract])
        }
        if let disabled {
            return ResolutionError(
                code: .providerDisabled, contract: contract, name: name, requester: requester,
                registered: registered, detail: disabled)
        }
        return ResolutionError(
            code: .notRegistered, contract: contract, name: name, requester: requester,
            registered: registered, detail: detail)
    }
}
