import Contracts

/// One edge of the plugin graph after validation: a plugin's registration needs a
/// contract, and this is who serves it. Shown by `viper doctor --json`.
package struct Dependency: Hashable, Codable, Sendable {
    /// The plugin whose registration has the requirement.
    package let plugin: String
    /// The registration that needs it, e.g. `Notes.NoteListing`.
    package let registration: String
    /// What is required.
    package let requirement: Requirement
    /// Who serves it: a plugin name, `host`, or nil when nothing enabled does.
    package let providedBy: String?
    /// When served through adapters: the contract its provider serves it as, at the end of the
    /// chain (for one adapter, the contract that adapter adapts from; see ``ServingPath``).
    package let adaptedFrom: ContractID?
    /// The plugins whose adapters are on that chain, from the required contract to
    /// ``adaptedFrom`` (empty when the provider serves the contract itself).
    package let adapters: [String]

    package init(
        plugin: String, registration: String, requirement: Requirement, providedBy: String?, adaptedFrom: ContractID?,
        adapters: [String] = []
    ) {
        self.plugin = plugin
        self.registration = registration
        self.requirement = requirement
        self.providedBy = providedBy
        self.adaptedFrom = adaptedFrom
        self.adapters = adapters
    }
}
