/// Something a registration needs from other plugins or the host before it can work.
///
/// The host checks every requirement before the shell opens, and disables a plugin
/// whose requirement has no provider, naming the chain that leads to it.
public struct Requirement: Hashable, Codable, Sendable, CustomStringConvertible {
    /// Whether a service or a module is required.
    public enum Kind: String, Codable, Sendable {
        /// A service resolved through ``Resolver/resolve(_:name:)``.
        case service
        /// A module built through a ``Router``.
        case module
    }

    /// Service or module.
    public let kind: Kind
    /// The contract required.
    public let contract: ContractID
    /// The registration name, when a named registration is required.
    public let name: String?

    /// Makes a requirement.
    public init(kind: Kind, contract: ContractID, name: String? = nil) {
        self.kind = kind
        self.contract = contract
        self.name = name
    }

    /// A service the registration resolves.
    public static func service(_ contract: Any.Type, name: String? = nil) -> Requirement {
        Requirement(kind: .service, contract: ContractID(contract), name: name)
    }

    /// A module the registration routes to.
    public static func module(_ contract: Any.Type, name: String? = nil) -> Requirement {
        Requirement(kind: .module, contract: ContractID(contract), name: name)
    }

    public var description: String {
        name.map { "\(contract.name)[\($0)]" } ?? contract.name
    }
}
