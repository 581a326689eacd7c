import Contracts

/// Identifies a registration in the live registry: the contract's type identity and a name.
struct RegistryKey: Hashable {
    let type: ObjectIdentifier
    let name: String?
}

/// A service factory registered by a plugin or the host.
final class ServiceRegistration {
    let key: RegistryKey
    let contract: ContractID
    let name: String?
    let scope: ServiceScope
    let requires: [Requirement]
    let plugin: String
    let factory: (any Resolver) throws -> Any
    /// The shared instance of a process-scoped service, guarded by the registry's lock.
    var instance: Any?

    init(key: RegistryKey, contract: ContractID, name: String?, scope: ServiceScope,
         requires: [Requirement], plugin: String, factory: @escaping (any Resolver) throws -> Any) {
        self.key = key
        self.contract = contract
        self.name = name
        self.scope = scope
        self.requires = requires
        self.plugin = plugin
        self.factory = factory
    }
}

/// A module builder registered by a plugin.
final class ModuleRegistration {
    let key: RegistryKey
    let contract: ContractID
    let name: String?
    let route: RouteSpec?
    let requires: [Requirement]
    let plugin: String
    let builder: any ModuleBuilder
    /// Checks that a built module's input conforms to the contract.
    let conforms: (AnyObject) -> Bool

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
final class AdapterRegistration {
    let required: ObjectIdentifier
    let requiredContract: ContractID
    let provided: ObjectIdentifier
    let providedContract: ContractID
    let plugin: String
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
