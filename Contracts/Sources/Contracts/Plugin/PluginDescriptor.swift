/// Everything the host knows about a plugin without running it again: what it
/// is, which Contracts it was built for, what it provides and requires. Shown by
/// `viper plugins --json` and kept in the descriptor cache.
public struct PluginDescriptor: Hashable, Codable, Sendable {
    /// Name, version, summary.
    public var manifest: PluginManifest
    /// The Contracts ABI the plugin was built against.
    public var contractsVersion: ContractsVersion
    /// The Swift compiler it was built with; nil for plugins built against Contracts 1.0 (unknown).
    public var swiftCompiler: SwiftCompilerVersion?
    /// What it registers.
    public var provides: [Provision]
    /// The contract libraries it was built against (``Plugin/contractLibraries``); empty for most plugins.
    public var contractLibraries: [ContractLibraryVersion] = []
    /// What its registrations require, all together.
    public var requires: [Requirement] {
        var seen = Set<Requirement>()
        return provides.flatMap(\.requires).filter { seen.insert($0).inserted }
    }

    /// Makes a descriptor.
    public init(manifest: PluginManifest, contractsVersion: ContractsVersion, provides: [Provision]) {
        self.manifest = manifest
        self.contractsVersion = contractsVersion
        self.provides = provides
    }
}

/// One registration of a plugin, as recorded in its ``PluginDescriptor``.
public struct Provision: Hashable, Codable, Sendable, CustomStringConvertible {
    /// What kind of registration.
    public enum Kind: String, Codable, Sendable {
        /// A service (``Registrar/registerService(_:name:scope:requires:factory:)``).
        case service
        /// A module (``Registrar/registerModule(_:name:route:requires:builder:)``).
        case module
        /// An adapter (``Registrar/registerAdapter(_:from:adapt:)``).
        case adapter
        /// A route interceptor (``Registrar/registerInterceptor(for:name:intercept:)``); it serves nothing.
        case interceptor
    }

    /// Service, module or adapter.
    public let kind: Kind
    /// The contract provided (for an adapter: the required contract it serves).
    public let contract: ContractID
    /// The registration name, if any.
    public let name: String?
    /// The shell route, for a module that has one.
    public let route: RouteSpec?
    /// For an adapter: the contract it converts from.
    public let adaptedFrom: ContractID?
    /// What it needs.
    public let requires: [Requirement]

    /// Makes a provision.
    public init(kind: Kind, contract: ContractID, name: String? = nil, route: RouteSpec? = nil,
                adaptedFrom: ContractID? = nil, requires: [Requirement] = []) {
        self.kind = kind
        self.contract = contract
        self.name = name
        self.route = route
        self.adaptedFrom = adaptedFrom
        self.requires = requires
    }

    public var description: String {
        name.map { "\(contract.name)[\($0)]" } ?? contract.name
    }
}
