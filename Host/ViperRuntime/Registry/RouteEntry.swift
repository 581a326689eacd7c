import Contracts

/// A shell route and the module registration behind it (which may load on first use).
package struct RouteEntry: Hashable {
    package let spec: RouteSpec
    package let contract: ContractID
    package let name: String?
    package let plugin: String
}
