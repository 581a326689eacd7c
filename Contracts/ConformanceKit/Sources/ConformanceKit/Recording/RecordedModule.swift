import Contracts

/// A module a plugin registered, as the kit recorded it.
public struct RecordedModule {
    /// The contract the module's input conforms to.
    public let contract: ContractID
    /// The contract's type, for matching ``ContractSuite``s.
    public let contractType: Any.Type
    /// The registration name, nil for the unnamed one.
    public let name: String?
    /// The shell route, if any.
    public let route: RouteSpec?
    /// What the registration declared it needs.
    public let requires: [Requirement]
    /// The plugin's builder.
    public let builder: any ModuleBuilder
    /// Whether an object conforms to ``contract``.
    public let conforms: (AnyObject) -> Bool

    /// How checks name this module: the contract's short name, with the name in brackets.
    public var label: String {
        name.map { "\(contract.shortName)[\($0)]" } ?? contract.shortName
    }
}
