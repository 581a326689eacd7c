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
