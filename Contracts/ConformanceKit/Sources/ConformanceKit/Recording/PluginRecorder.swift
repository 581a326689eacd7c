import Contracts

/// A ``Registrar`` that records what a plugin's ``Plugin/register(in:)`` registers,
/// without a host. ``RecordedPlugin/record(_:)`` and ``RecordedPlugin/record(entry:)``
/// use it; tests can also hand it to a registration function directly.
public final class PluginRecorder: Registrar {
    /// Modules in registration order.
    public private(set) var modules: [RecordedModule] = []
    /// Services in registration order.
    public private(set) var services: [RecordedService] = []
    /// Adapters in registration order.
    public private(set) var adapters: [RecordedAdapter] = []
    /// Route interceptors in registration order.
    public private(set) var interceptors: [RecordedInterceptor] = []
    /// Route error observers in registration order.
    public private(set) var routeErrorObservers: [(RouteFailure) -> Void] = []
    /// Registrations made twice (same kind, contract and name), as `module X` / `service X[name]`.
    public private(set) var duplicates: [String] = []
    private var seen = Set<String>()

    /// Makes an empty recorder.
    public init() {}

    private func accept(_ kind: String, _ contract: ContractID, _ name: String?) -> Bool {
        let label = "\(kind) " + (name.map { "\(contract.name)[\($0)]" } ?? contract.name)
        guard seen.insert(label).inserted else {
            duplicates.append(label)
            return false
        }
        return true
    }

    func recordInterceptor(_ interceptor: RecordedInterceptor) {
        guard accept("interceptor", interceptor.contract, interceptor.name) else { return }
        interceptors.append(interceptor)
    }

    func recordObserver(_ observer: @escaping (RouteFailure) -> Void) {
        routeErrorObservers.append(observer)
    }

    /// Records a service factory.
    public func registerService<Service>(_ contract: Service.Type, name: String?, scope: ServiceScope,
                                         requires: [Requirement], factory: @escaping (any Resolver) throws -> Service) {
        let id = ContractID(contract)
        guard accept("service", id, name) else { return }
        services.append(RecordedService(contract: id, contractType: contract, name: name, scope: scope,
                                        requires: requires, factory: { try factory($0) }))
    }

    /// Records a module builder.
    public func registerModule<Input>(_ contract: Input.Type, name: String?, route: RouteSpec?,
                                      requires: [Requirement], builder: any ModuleBuilder) {
        let id = ContractID(contract)
        guard accept("module", id, name) else { return }
        modules.append(RecordedModule(contract: id, contractType: contract, name: name, route: route,
                                      requires: requires, builder: builder, conforms: { $0 is Input }))
    }

    /// Records an adapter.
    public func registerAdapter<Required, Provided>(_ required: Required.Type, from provided: Provided.Type,
                                                    adapt: @escaping (Provided) throws -> Required) {
        let id = ContractID(required)
        guard accept("adapter", id, nil) else { return }
        adapters.append(RecordedAdapter(required: id, requiredType: required, provided: ContractID(provided),
                                        providedType: provided, adapt: { value in
                                            guard let value = value as? Provided else { return nil }
                                            return try adapt(value)
                                        }))
    }
}


/// A route interceptor a plugin registered, as ``PluginRecorder`` saw it: call
/// ``intercept`` with a ``RouteAttempt`` and a resolver to test its decisions.
public struct RecordedInterceptor {
    /// The contract whose routes it intercepts.
    public let contract: ContractID
    /// The registration name, nil for the unnamed one.
    public let name: String?
    /// Decides about an attempt: allow, redirect or refuse.
    public let intercept: (RouteAttempt, any Resolver) throws -> RouteDecision
}

extension PluginRecorder {
    /// Records a route interceptor (one per contract and name; a second is a duplicate).
    public func registerInterceptor<Input>(for contract: Input.Type, name: String?,
                                           intercept: @escaping (RouteAttempt, any Resolver) throws -> RouteDecision) {
        recordInterceptor(RecordedInterceptor(contract: ContractID(contract), name: name, intercept: intercept))
    }

    /// Records a route error observer.
    public func observeRouteErrors(_ observer: @escaping (RouteFailure) -> Void) {
        recordObserver(observer)
    }
}
