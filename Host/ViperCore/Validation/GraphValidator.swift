import Contracts

/// Checks the plugin graph before the shell opens (ZIKRouter's start-up check,
/// Needle's missing-provider error): every requirement has an enabled provider,
/// directly or through a chain of adapters (``ServingPath``, the definition the
/// registry resolves by), no contract has two providers unless the user chose one, and
/// no services need each other, and every route keeps its rules and has one plugin
/// (see `GraphValidator+Providers.swift`, `+MissingProviders`, `+Cycles`
/// and `+Routes`). Works on descriptors only, so it can run from a
/// cache without loading any plugin.
///
/// A plugin with a problem is disabled with its reason, and disabling repeats
/// until nothing changes, so a plugin that needs a disabled one is disabled too,
/// with the whole chain in its reason.
///
/// How the pieces fit: ``validate()`` builds the ``Index`` of who provides what once, then
/// refuses mismatched contract-library interfaces, chooses one provider per contract (the host,
/// then the user's ``ProviderChoice``, then the first found), disables the unsatisfied and the
/// cycles, and gives each route one plugin. Its ``Outcome`` is what the runtime commits to the
/// ``Registry`` and may keep on disk for the next start (a kept outcome works its
/// ``Dependency`` edges out again when something reads them).
package struct GraphValidator {
    package struct Node {
        package let name: String
        package let path: String
        package let descriptor: PluginDescriptor
        /// Found beside the executable: such a plugin keeps its routes against drop-ins.
        package var isBundled = false

        package init(name: String, path: String, descriptor: PluginDescriptor, isBundled: Bool = false) {
            self.name = name
            self.path = path
            self.descriptor = descriptor
            self.isBundled = isBundled
        }
    }

    package struct Outcome {
        package var problems: [Problem] = []
        /// Disabled plugins and why.
        package var disabled: [String: String] = [:]
        /// Provisions a plugin keeps registered but that lost to the host or the user's choice.
        package var overridden: [String: Set<String>] = [:]
        /// Every requirement of every plugin, with who serves it.
        package var dependencies: [Dependency] = []
        /// Which plugin serves each route, by ``RouteRule/shape(_:)``. A route that is not
        /// here was refused (it broke a rule, or another plugin keeps it).
        package var routeOwners: [String: String] = [:]

        package init(
            problems: [Problem] = [], disabled: [String: String] = [:], overridden: [String: Set<String>] = [:],
            dependencies: [Dependency] = [], routeOwners: [String: String] = [:]
        ) {
            self.problems = problems
            self.disabled = disabled
            self.overridden = overridden
            self.dependencies = dependencies
            self.routeOwners = routeOwners
        }
    }

    /// Plugins in search order (earlier wins a tie).
    package var nodes: [Node]
    /// What the host registers itself (logger, clock, ...).
    package var hostProvides: [Provision] = []
    /// The user's choice of provider by contract label (`Contracts.NoteEditing`, or `Contracts.NoteEditing[name]`),
    /// or of the plugin that keeps a route (`notes`, `notes/:id`).
    package var preferences: [String: ProviderChoice] = [:]

    /// Who provides what, built once per validation (`GraphValidator+Index.swift`).
    package let index = Index()

    package init(nodes: [Node], hostProvides: [Provision] = [], preferences: [String: ProviderChoice] = [:]) {
        self.nodes = nodes
        self.hostProvides = hostProvides
        self.preferences = preferences
    }

    package func validate() -> Outcome {
        buildIndex()
        var outcome = Outcome()
        disableMismatchedInterfaces(&outcome)
        chooseProviders(&outcome)
        disableUnsatisfied(&outcome)
        findCycles(&outcome)
        disableUnsatisfied(&outcome)
        chooseRoutes(&outcome)
        outcome.dependencies = dependencies(outcome)
        return outcome
    }

    /// What a requirement found: who serves it, or why nothing does.
    package struct Found {
        /// A plugin name, `host`, or nil.
        package var provider: String?
        /// Set when served through adapters: the contract the provider serves it as (the end of the chain).
        package var adaptedFrom: ContractID?
        /// The adapters followed, from the required contract to ``adaptedFrom``.
        package var hops: [ServingPath.Hop] = []
        /// A plugin that provides it but is disabled, for the chain in the message.
        package var disabledCandidate: String?
        /// Why the adapters that would serve it do not (``ServingPath/Unserved/note``).
        package var adapterNote: String?
        /// Whether ``adapterNote`` already says what to do (a cycle, a chain too long): then "install a plugin" is not added.
        package var adapterNoteHasFix = false
    }

    package static func label(_ contract: ContractID, _ name: String?) -> String {
        ProvisionKey.label(contract, name)
    }

    package static func describe(_ requirement: Requirement) -> String {
        (requirement.kind == .module ? "module " : "") + requirement.description
    }

    package var hostSlots: Set<ProvisionKey> {
        buildIndex()
        return index.hostSlots
    }

    package func isEnabled(_ node: Node, _ outcome: Outcome) -> Bool {
        outcome.disabled.isEmpty || outcome.disabled[node.name] == nil
    }

    package func isOverridden(_ node: Node, _ label: String, _ outcome: Outcome) -> Bool {
        !outcome.overridden.isEmpty && outcome.overridden[node.name]?.contains(label) == true
    }

    /// Disables `node` once, with one problem line: `PATH: plugin 'NAME' is disabled: REASON`.
    package func disable(_ node: Node, kind: Problem.Kind, contract: String, reason: String, _ outcome: inout Outcome) {
        guard isEnabled(node, outcome) else { return }
        outcome.disabled[node.name] = reason
        outcome.problems.append(
            Problem(
                kind: kind, plugin: node.name, contract: contract,
                message: "\(node.path): plugin '\(node.name)' is disabled: \(reason)"))
    }

    // MARK: The graph

    /// Every requirement of every node with who serves it under `outcome` (its disabled and
    /// overridden plugins): what ``validate()`` puts in ``Outcome/dependencies``, and what a start
    /// that reused a kept outcome works out when something first reads them.
    package func dependencies(_ outcome: Outcome) -> [Dependency] {
        buildIndex()
        var list: [Dependency] = []
        for position in nodes.indices {
            let node = nodes[position]
            for (offset, provision) in node.descriptor.provides.enumerated() {
                let registration = provisionLabel(position, offset)
                for (number, requirement) in provision.requires.enumerated() {
                    let found = provider(of: requirement, slot: requirementSlot(position, offset, number), outcome)
                    list.append(
                        Dependency(
                            plugin: node.name, registration: registration, requirement: requirement,
                            providedBy: found.provider, adaptedFrom: found.adaptedFrom, adapters: found.hops.map(\.plugin)))
                }
            }
        }
        return list
    }
}
