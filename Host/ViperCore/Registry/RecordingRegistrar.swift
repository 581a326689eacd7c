import Contracts

/// Collects what one plugin registers during its entry point. Nothing reaches the
/// live registry until the plugin has been validated; after the entry returns the
/// registrar is sealed and later calls are ignored and logged.
package final class RecordingRegistrar: Registrar {
    package let plugin: String
    package private(set) var services: [ServiceRegistration] = []
    package private(set) var modules: [ModuleRegistration] = []
    package private(set) var adapters: [AdapterRegistration] = []
    package private(set) var interceptors: [InterceptorRegistration] = []
    package private(set) var routeErrorObservers: [RouteErrorObserver] = []
    /// Contracts this plugin registered more than once (same kind, contract and name).
    package private(set) var duplicates: [ProvisionKey] = []
    package private(set) var lateCalls = 0
    private var sealed = false
    private var seen = Set<ProvisionKey>()

    package init(plugin: String) {
        self.plugin = plugin
    }

    package func seal() {
        sealed = true
    }

    /// What the plugin provides, for its descriptor.
    package var provisions: [Provision] {
        services.map { Provision(kind: .service, contract: $0.contract, name: $0.name, requires: $0.requires) }
            + modules.map { Provision(kind: .module, contract: $0.contract, name: $0.name, route: $0.route, requires: $0.requires) }
            // An adapter requires nothing itself: it serves services and modules alike, and
            // validation follows it to whatever provides its source contract.
            + adapters.map { Provision(kind: .adapter, contract: $0.requiredContract, adaptedFrom: $0.providedContract) }
            + interceptors.map { Provision(kind: .interceptor, contract: $0.contract, name: $0.name) }
    }

    private func accept(_ kind: Provision.Kind, _ contract: ContractID, _ name: String?) -> Bool {
        guard !sealed else {
            lateCalls += 1
            return false
        }
        let key = ProvisionKey(kind, contract, name: name)
        if !seen.insert(key).inserted {
            duplicates.append(key)
            return false
        }
        return true
    }

    package func registerService<Service>(
        _ contract: Service.Type, name: String?, scope: ServiceScope,
        requires: [Requirement], factory: @escaping (any Resolver) throws -> Service
    ) {
        let id = ContractID(contract)
        guard accept(.service, id, name) else { return }
        let mark = PluginExitGuard.Mark(plugin: "plugin '\(plugin)'", doing: "making service \(Registry.label(id, name))")
        services.append(
            ServiceRegistration(
                key: RegistryKey(type: ObjectIdentifier(contract), name: name), contract: id, name: name,
                scope: scope, requires: requires, plugin: plugin,
                factory: ServiceFactory(factory), exitMark: mark))  // the registry sets the mark around each call
    }

    package func registerModule<Input>(
        _ contract: Input.Type, name: String?, route: RouteSpec?,
        requires: [Requirement], builder: any ModuleBuilder
    ) {
        let id = ContractID(contract)
        guard accept(.module, id, name) else { return }
        modules.append(
            ModuleRegistration(
                key: RegistryKey(type: ObjectIdentifier(contract), name: name), contract: id, name: name,
                route: route, requires: requires, plugin: plugin, builder: builder,
                conforms: ConformanceMemo { $0 is Input }.callAsFunction))
    }

    /// Registers a module whose code runs in an isolated plugin's process, by its contract's name:
    /// viper may not have the contract's type (`type` is nil then, and the builder stands in for it
    /// in the key). Its input is the proxy view, so no conformance is checked.
    package func registerIsolatedModule(
        _ contract: ContractID, type: Any.Type?, name: String?, route: RouteSpec?,
        requires: [Requirement], builder: any ModuleBuilder
    ) {
        guard accept(.module, contract, name) else { return }
        let identity = type.map { ObjectIdentifier($0) } ?? ObjectIdentifier(builder)
        modules.append(
            ModuleRegistration(
                key: RegistryKey(type: identity, name: name), contract: contract, name: name,
                route: route, requires: requires, plugin: plugin, builder: builder, conforms: { _ in true }))
    }

    package func registerAdapter<Required, Provided>(
        _ required: Required.Type, from provided: Provided.Type,
        adapt: @escaping (Provided) throws -> Required
    ) {
        let id = ContractID(required)
        guard accept(.adapter, id, nil) else { return }
        let mark = PluginExitGuard.Mark(plugin: "plugin '\(plugin)'", doing: "adapting \(ContractID(provided).name) to \(id.name)")
        adapters.append(
            AdapterRegistration(
                required: ObjectIdentifier(required), requiredContract: id,
                provided: ObjectIdentifier(provided), providedContract: ContractID(provided), plugin: plugin,
                adapt: { value in
                    guard let value = value as? Provided else { return nil }
                    return try PluginExitGuard.run(mark) { try adapt(value) }
                }))
    }

    package func registerInterceptor<Input>(
        for contract: Input.Type, name: String?,
        intercept: @escaping (RouteAttempt, any Resolver) throws -> RouteDecision
    ) {
        let id = ContractID(contract)
        guard accept(.interceptor, id, name) else { return }
        interceptors.append(InterceptorRegistration(contract: id, name: name, plugin: plugin, intercept: intercept))
    }

    package func observeRouteErrors(_ observer: @escaping (RouteFailure) -> Void) {
        guard !sealed else {
            lateCalls += 1
            return
        }
        routeErrorObservers.append(RouteErrorObserver(plugin: plugin, observe: observer))
    }
}
