import Contracts

/// Checks the plugin graph before the shell opens (ZIKRouter's start-up check,
/// Needle's missing-provider error): every requirement has an enabled provider
/// after adapters, no contract has two providers unless the user chose one, and
/// no services need each other, and every route keeps its rules and has one plugin
/// (see `GraphValidator+Routes.swift`). Works on descriptors only, so it can run from a
/// cache without loading any plugin.
///
/// A plugin with a problem is disabled with its reason, and disabling repeats
/// until nothing changes, so a plugin that needs a disabled one is disabled too,
/// with the whole chain in its reason.
package struct GraphValidator {
    struct Node {
        package let name: String
        let path: String
        let descriptor: PluginDescriptor
        /// Found beside the executable: such a plugin keeps its routes against drop-ins.
        var isBundled = false
    }

    package struct Outcome {
        var problems: [Problem] = []
        /// Disabled plugins and why.
        var disabled: [String: String] = [:]
        /// Provisions a plugin keeps registered but that lost to the host or the user's choice.
        var overridden: [String: Set<String>] = [:]
        /// Every requirement of every plugin, with who serves it.
        var dependencies: [Dependency] = []
        /// Which plugin serves each route, by ``RouteRule/shape(_:)``. A route that is not
        /// here was refused (it broke a rule, or another plugin keeps it).
        var routeOwners: [String: String] = [:]
    }

    /// Plugins in search order (earlier wins a tie).
    var nodes: [Node]
    /// What the host registers itself (logger, clock, ...).
    var hostProvides: [Provision] = []
    /// The user's choice of provider by contract label (`Contracts.NoteEditing`, or `Contracts.NoteEditing[name]`),
    /// or of the plugin that keeps a route (`notes`, `notes/:id`).
    var preferences: [String: ProviderChoice] = [:]

    /// Who provides what, built once per validation (a thousand plugins made the
    /// linear searches of every requirement quadratic).
    let index = Index()

    final class Index {
        fileprivate var isBuilt = false
        fileprivate var hostSlots = Set<SlotKey>()
        /// Slot -> indices into `nodes` of the plugins that provide it, in search order.
        fileprivate var providers: [SlotKey: [Int]] = [:]
        /// Contract -> (node index, adapter provision) for adapters that serve it.
        fileprivate var adapters: [ContractID: [(Int, Provision)]] = [:]
    }

    private func buildIndex() {
        guard !index.isBuilt else { return }
        index.isBuilt = true
        index.hostSlots = Set(hostProvides.map(Self.slot))
        for (position, node) in nodes.enumerated() {
            for provision in node.descriptor.provides {
                let slot = Self.slot(provision)
                if index.providers[slot]?.last != position {
                    index.providers[slot, default: []].append(position)
                }
                if provision.kind == .adapter {
                    index.adapters[provision.contract, default: []].append((position, provision))
                }
            }
        }
    }

    func validate() -> Outcome {
        buildIndex()
        var outcome = Outcome()
        chooseProviders(&outcome)
        disableUnsatisfied(&outcome)
        findCycles(&outcome)
        disableUnsatisfied(&outcome)
        chooseRoutes(&outcome)
        outcome.dependencies = dependencies(outcome)
        return outcome
    }

    fileprivate struct SlotKey: Hashable {
        let kind: Provision.Kind
        let label: String
    }

    /// What a requirement found: who serves it, or why nothing does.
    private struct Found {
        /// A plugin name, `host`, or nil.
        var provider: String?
        /// Set when served through an adapter.
        var adaptedFrom: ContractID?
        /// A plugin that provides it but is disabled, for the chain in the message.
        var disabledCandidate: String?
        /// An adapter that would serve it if its source had a provider.
        var adapterNote: String?
    }

    package static func label(_ contract: ContractID, _ name: String?) -> String {
        name.map { "\(contract.name)[\($0)]" } ?? contract.name
    }

    private static func slot(_ provision: Provision) -> SlotKey {
        SlotKey(kind: provision.kind, label: label(provision.contract, provision.name))
    }

    private static func describe(_ requirement: Requirement) -> String {
        (requirement.kind == .module ? "module " : "") + requirement.description
    }

    private var hostSlots: Set<SlotKey> {
        buildIndex()
        return index.hostSlots
    }

    private func isEnabled(_ node: Node, _ outcome: Outcome) -> Bool {
        outcome.disabled[node.name] == nil
    }

    private func isOverridden(_ node: Node, _ label: String, _ outcome: Outcome) -> Bool {
        outcome.overridden[node.name]?.contains(label) == true
    }

    /// Disables `node` once, with one problem line: `PATH: plugin 'NAME' is disabled: REASON`.
    private func disable(_ node: Node, kind: Problem.Kind, contract: String, reason: String, _ outcome: inout Outcome) {
        guard isEnabled(node, outcome) else { return }
        outcome.disabled[node.name] = reason
        outcome.problems.append(Problem(kind: kind, plugin: node.name, contract: contract,
                                        message: "\(node.path): plugin '\(node.name)' is disabled: \(reason)"))
    }

    // MARK: Duplicates and choices

    private func chooseProviders(_ outcome: inout Outcome) {
        var providers: [SlotKey: [Node]] = [:]
        var order: [SlotKey] = []
        for node in nodes {
            for provision in node.descriptor.provides {
                let key = Self.slot(provision)
                if providers[key] == nil { order.append(key) }
                if !(providers[key] ?? []).contains(where: { $0.name == node.name }) {
                    providers[key, default: []].append(node)
                }
            }
        }
        reportBadChoices(providers: providers, order: order, &outcome)
        let hostSlots = hostSlots
        for key in order {
            guard let candidates = providers[key] else { continue }
            if hostSlots.contains(key) {
                // The host's own services always win; the plugin's registration stays unused.
                for node in candidates {
                    outcome.overridden[node.name, default: []].insert(key.label)
                }
                continue
            }
            guard candidates.count > 1 else { continue }
            if let choice = preferences[key.label]?.plugin, candidates.contains(where: { $0.name == choice }) {
                for node in candidates where node.name != choice {
                    outcome.overridden[node.name, default: []].insert(key.label)
                }
                continue
            }
            // No choice: the first found serves the contract (search order, as with PATH) and the
            // others keep working without it, so a drop-in replacement never takes a whole plugin
            // down; the duplicate is still a problem until the user chooses.
            let winner = candidates[0]
            let what = "\(key.kind == .service ? "" : key.kind.rawValue + " ")\(key.label)"
            for loser in candidates.dropFirst() {
                outcome.overridden[loser.name, default: []].insert(key.label)
                outcome.problems.append(Problem(
                    kind: .duplicateProvider, plugin: loser.name, contract: key.label,
                    message: "\(loser.path): plugin '\(loser.name)' does not serve \(what): '\(winner.name)' (\(winner.path)) also provides it and was found first; choose one with --prefer \(key.label)=NAME, or remove one"))
            }
        }
    }

    /// A choice that names a plugin which does not provide the contract is reported (and ignored).
    private func reportBadChoices(providers: [SlotKey: [Node]], order: [SlotKey], _ outcome: inout Outcome) {
        for (label, choice) in preferences.sorted(by: { $0.key < $1.key }) where !RouteRule.isRouteKey(label) {
            var candidates: [String] = []
            for key in order where key.label == label {
                for node in providers[key] ?? [] where !candidates.contains(node.name) {
                    candidates.append(node.name)
                }
            }
            guard !candidates.contains(choice.plugin) else { continue }
            let source = choice.source
            let choice = choice.plugin
            let message: String
            if candidates.isEmpty {
                message = "\(source): chooses '\(choice)' to provide \(label), but no plugin provides \(label); remove the choice, or install a plugin that provides it"
            } else {
                message = "\(source): chooses '\(choice)' to provide \(label), but '\(choice)' does not provide it; choose one of: \(candidates.joined(separator: ", "))"
            }
            outcome.problems.append(Problem(kind: .badPreference, plugin: choice, contract: label, message: message))
        }
    }

    // MARK: Missing providers

    /// Who serves a requirement right now, directly or through adapters.
    private func provider(of requirement: Requirement, _ outcome: Outcome, visiting: Set<ContractID> = []) -> Found {
        let kind: Provision.Kind = requirement.kind == .module ? .module : .service
        let key = SlotKey(kind: kind, label: Self.label(requirement.contract, requirement.name))
        if hostSlots.contains(key) {
            return Found(provider: "host")
        }
        var found = Found()
        buildIndex()
        for node in (index.providers[key] ?? []).map({ nodes[$0] }) {
            if isOverridden(node, key.label, outcome) { continue }
            if isEnabled(node, outcome) { return Found(provider: node.name) }
            found.disabledCandidate = found.disabledCandidate ?? node.name
        }
        // An adapter serves the contract from another one (of the same kind).
        let adapterLabel = Self.label(requirement.contract, nil)
        for (position, adapter) in index.adapters[requirement.contract] ?? [] {
            let node = nodes[position]
            guard isEnabled(node, outcome), !isOverridden(node, adapterLabel, outcome),
                  let source = adapter.adaptedFrom, !visiting.contains(source) else { continue }
            let adapted = Requirement(kind: requirement.kind, contract: source, name: requirement.name)
            let inner = provider(of: adapted, outcome, visiting: visiting.union([requirement.contract]))
            if inner.provider != nil {
                return Found(provider: inner.provider, adaptedFrom: source)
            }
            found.disabledCandidate = found.disabledCandidate ?? inner.disabledCandidate
            found.adapterNote = found.adapterNote
                ?? "'\(node.name)' adapts it from \(Self.label(source, requirement.name)), which no enabled plugin provides either"
        }
        return found
    }

    private func disableUnsatisfied(_ outcome: inout Outcome) {
        var changed = true
        while changed {
            changed = false
            for node in nodes where isEnabled(node, outcome) {
                guard let (provision, requirement, found) = firstUnsatisfied(node, outcome) else { continue }
                let what = "\(Self.label(provision.contract, provision.name)) requires \(Self.describe(requirement))"
                let reason: String
                if let candidate = found.disabledCandidate, let why = outcome.disabled[candidate] {
                    reason = "\(what) → provided only by '\(candidate)', which is disabled: \(why)"
                } else if found.adapterNote == nil, let module = ownModule(of: requirement, in: node) {
                    reason = "\(what), which no plugin provides; \(requirement.contract.shortName) is declared in the plugin's own module \(module), so register it in \(node.name)'s register(in:)"
                } else if let note = found.adapterNote {
                    reason = "\(what), which no plugin provides (\(note)); install a plugin that provides it"
                } else {
                    reason = "\(what), which no plugin provides; install a plugin that provides it"
                }
                disable(node, kind: .missingProvider, contract: requirement.contract.name, reason: reason, &outcome)
                changed = true
            }
        }
    }

    private func firstUnsatisfied(_ node: Node, _ outcome: Outcome) -> (Provision, Requirement, Found)? {
        for provision in node.descriptor.provides {
            for requirement in provision.requires {
                let found = provider(of: requirement, outcome)
                if found.provider == nil { return (provision, requirement, found) }
            }
        }
        return nil
    }

    // MARK: Cycles

    /// Services whose factories need each other can never be built; modules may
    /// route to each other freely (a list pushes an editor that pushes the list).
    private func findCycles(_ outcome: inout Outcome) {
        var edges: [String: [String]] = [:]  // service label -> labels of the services its factory resolves
        var ownerOf: [String: Node] = [:]
        for node in nodes where isEnabled(node, outcome) {
            for provision in node.descriptor.provides where provision.kind == .service {
                let label = Self.label(provision.contract, provision.name)
                if isOverridden(node, label, outcome) || ownerOf[label] != nil { continue }
                ownerOf[label] = node
                edges[label] = provision.requires.filter { $0.kind == .service }.map { requirement in
                    let found = provider(of: requirement, outcome)
                    return Self.label(found.adaptedFrom ?? requirement.contract, requirement.name)
                }
            }
        }
        var state: [String: Int] = [:]  // 1 visiting, 2 done
        var stack: [String] = []
        var reported = Set<Set<String>>()
        func visit(_ label: String) {
            state[label] = 1
            stack.append(label)
            for next in edges[label] ?? [] {
                if state[next] == 1, let start = stack.firstIndex(of: next) {
                    let cycle = Array(stack[start...]) + [next]
                    guard reported.insert(Set(cycle)).inserted else { continue }
                    let chain = cycle.joined(separator: " → ")
                    var owners: [Node] = []
                    for member in cycle {
                        if let owner = ownerOf[member], !owners.contains(where: { $0.name == owner.name }) { owners.append(owner) }
                    }
                    for owner in owners {
                        let reason = "dependency cycle \(chain): these services' factories need each other; break it by resolving one of them lazily, outside its factory"
                        disable(owner, kind: .cycle, contract: next, reason: reason, &outcome)
                    }
                } else if state[next] == nil, edges[next] != nil {
                    visit(next)
                }
            }
            stack.removeLast()
            state[label] = 2
        }
        for label in edges.keys.sorted() where state[label] == nil {
            visit(label)
        }
    }

    // MARK: The graph

    private func dependencies(_ outcome: Outcome) -> [Dependency] {
        nodes.flatMap { node in
            node.descriptor.provides.flatMap { provision in
                provision.requires.map { requirement in
                    let found = provider(of: requirement, outcome)
                    return Dependency(plugin: node.name, registration: Self.label(provision.contract, provision.name),
                                      requirement: requirement, providedBy: found.provider, adaptedFrom: found.adaptedFrom)
                }
            }
        }
    }
}
