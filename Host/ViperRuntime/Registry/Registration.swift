import Contracts

/// Identifies a registration in the live registry: the contract's type identity and a name.
struct RegistryKey: Hashable {
    let type: ObjectIdentifier
    package let name: String?

    /// Hashes the name only when there is one: most keys have none, and hashing a
    /// string costs more than the rest of a lookup. Named keys must hash apart: a
    /// plugin that registers 8,000 named routes of one contract made every insert
    /// compare against all the others (committing them was quadratic).
    func hash(into hasher: inout Hasher) {
        hasher.combine(type)
        if let name { hasher.combine(name) }
    }
}

/// A service factory registered by a plugin or the host.
final class ServiceRegistration {
    let key: RegistryKey
    package let contract: ContractID
    package let name: String?
    let scope: ServiceScope
    let requires: [Requirement]
    package let plugin: String
    /// The typed factory. Invariant, kept by the two places that make registrations
    /// (`Registry.addHostService` and `RecordingRegistrar.registerService`, both generic over
    /// the contract): it is a `ServiceFactory<C>` where `key.type == ObjectIdentifier(C.self)`,
    /// so a resolve that found it under the asked-for type downcasts it without a dynamic cast.
    let factory: AnyServiceFactory
    /// The resolver handed to the factory: names this registration as the requester.
    var nestedResolver: ScopedResolver?

    init(key: RegistryKey, contract: ContractID, name: String?, scope: ServiceScope,
         requires: [Requirement], plugin: String, factory: AnyServiceFactory) {
        self.key = key
        self.contract = contract
        self.name = name
        self.scope = scope
        self.requires = requires
        self.plugin = plugin
        self.factory = factory
    }

    package var label: String { Registry.label(contract, name) }
}

/// A service factory with its type erased, for storage.
class AnyServiceFactory {
    /// Makes an instance, boxed.
    func makeAny(_ resolver: any Resolver) throws -> Any {
        throw HostError("AnyServiceFactory is abstract")
    }

    /// The cached process-scoped instance, boxed (guarded by the registry's lock).
    var cachedAny: Any? { nil }

    /// Keeps `value` as the process-scoped instance unless one is there; returns the one kept.
    func storeIfAbsent(_ value: Any) -> Any { value }
}

/// A service factory that keeps its type, and the process-scoped instance, so
/// a resolve needs no cast of the result.
final class ServiceFactory<Service>: AnyServiceFactory {
    let make: (any Resolver) throws -> Service
    /// The shared instance of a process-scoped service, guarded by the registry's lock.
    var instance: Service?

    init(_ make: @escaping (any Resolver) throws -> Service) {
        self.make = make
    }

    override func makeAny(_ resolver: any Resolver) throws -> Any {
        try make(resolver)
    }

    override var cachedAny: Any? { instance.map { $0 as Any } }

    override func storeIfAbsent(_ value: Any) -> Any {
        if let instance { return instance }
        instance = value as? Service
        return value
    }
}

/// A module builder registered by a plugin.
package final class ModuleRegistration {
    let key: RegistryKey
    package let contract: ContractID
    package let name: String?
    package let route: RouteSpec?
    let requires: [Requirement]
    package let plugin: String
    package let builder: any ModuleBuilder
    /// Checks that a built module's input conforms to the contract.
    package let conforms: (AnyObject) -> Bool

    init(key: RegistryKey, contract: ContractID, name: String?, route: RouteSpec?, requires: [Requirement],
         plugin: String, builder: any ModuleBuilder, conforms: @escaping (AnyObject) -> Bool) {
        self.key = key
        self.contract = contract
        self.name = name
        self.route = route
        self.requires = requires
        self.plugin = plugin
        self.builder = builder
        self.conforms = conforms
    }
}

/// Serves a required contract from a provided one (ZIKRouter's adapter).
package final class AdapterRegistration {
    let required: ObjectIdentifier
    let requiredContract: ContractID
    let provided: ObjectIdentifier
    let providedContract: ContractID
    package let plugin: String
    let adapt: (Any) throws -> Any?

    init(required: ObjectIdentifier, requiredContract: ContractID, provided: ObjectIdentifier,
         providedContract: ContractID, plugin: String, adapt: @escaping (Any) throws -> Any?) {
        self.required = required
        self.requiredContract = requiredContract
        self.provided = provided
        self.providedContract = providedContract
        self.plugin = plugin
        self.adapt = adapt
    }
}
