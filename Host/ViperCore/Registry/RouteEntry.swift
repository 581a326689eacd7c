import Contracts

/// A shell route and the module registration behind it (which may load on first use).
package struct RouteEntry: Hashable {
    package let spec: RouteSpec
    package let contract: ContractID
    package let name: String?
    package let plugin: String

    package init(spec: RouteSpec, contract: ContractID, name: String?, plugin: String) {
        self.spec = spec
        self.contract = contract
        self.name = name
        self.plugin = plugin
    }
}
