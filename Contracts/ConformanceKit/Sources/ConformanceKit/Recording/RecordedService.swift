import Contracts

/// A service a plugin registered, as the kit recorded it.
public struct RecordedService {
    /// The contract the service conforms to.
    public let contract: ContractID
    /// The contract's type, the key it is resolved by.
    public let contractType: Any.Type
    /// The registration name, nil for the unnamed one.
    public let name: String?
    /// One shared instance, or a new one on every resolve.
    public let scope: ServiceScope
    /// What the factory declared it resolves.
    public let requires: [Requirement]
    /// The plugin's factory, type-erased.
    public let factory: (any Resolver) throws -> Any

    /// How checks name this service: the contract's short name, with the name in brackets.
    public var label: String {
        name.map { "\(contract.shortName)[\($0)]" } ?? contract.shortName
    }
}
