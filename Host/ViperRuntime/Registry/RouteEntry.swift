import Contracts

/// A shell route and the module registration behind it (which may load on first use).
struct RouteEntry: Hashable {
    let spec: RouteSpec
    let contract: ContractID
    let name: String?
    let plugin: String
}
