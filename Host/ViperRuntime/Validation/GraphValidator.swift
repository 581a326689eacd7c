import Contracts

/// Checks the plugin graph before the shell opens (ZIKRouter's start-up check,
/// Needle's missing-provider error): every requirement has an enabled provider
/// after adapters, no contract has two providers unless the user chose one, and
/// no services need each other. Works on descriptors only, so it can run from a
/// cache without loading any plugin.
struct GraphValidator {
    struct Node {
        let name: String
        let path: String
        let descriptor: PluginDescriptor
    }

    struct Outcome {
        var problems: [Problem] = []
        /// Disabled plugins and why.
        var disabled: [String: String] = [:]
        /// Provisions a plugin keeps registered but that lost to the user's choice.
        var overridden: [String: Set<String>] = [:]
    }

    /// Plugins in search order (earlier wins a tie).
    let nodes: [Node]
    /// What the host registers itself (logger, clock, ...).
    let hostProvides: [Provision]
    /// The user's choice of provider by contract label (`Contracts.NoteEditing` → plugin name).
    let preferences: [String: String]

    func validate() -> Outcome {
        var outcome = Outcome()
        chooseProviders(&outcome)
        disableUnsatisfied(&outcome)
        findCycles(&outcome)
        disableUnsatisfied(&outcome)
        return outcome
    }

    private struct SlotKey: Hashable {
        let kind: Provision.Kind
        let label: String
    }

    private static func label(_ contract: ContractID, _ name: String?) -> String {
        name.map { "\(contract.name)[\($0)]" } ?? contract.name
    }

    private static func slot(_ provision: Provision) -> SlotKey {
        SlotKey(kind: provision.kind == .adapter ? .adapter : provision.kind, label: label(provision.contract, provision.name))
    }

    // MARK: Duplicates

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
        let hostSlots = Set(hostProvides.map(Self.slot))
        for key in order {
            guard let candidates = providers[key] else { continue }
            if hostSlots.contains(key) {
                for node in candidates {
                    outcome.overridden[node.name, default: []].insert(key.label)
                }
                continue
            }
            guard candidates.count > 1 else { continue }
            if let chosen = preferences[key.label] {
                if candidates.contains(where: { $0.name == chosen }) {
                    for node in candidates where node.name != chosen {
                        outcome.overridden[node.name, default: []].insert(key.label)
                    }
                    continue
                }
                outcome.problems.append(Problem(
                    kind: .badPreference, plugin: chosen, contract: key.label,
                    message: "the provider chosen for \(key.label) is '\(chosen)', which does not provide it; choose one of: \(candidates.map(\.name).joined(separator: ", "))"))
            }
            let winner = candidates[0]
            for loser in candidates.dropFirst() where outcome.disabled[loser.name] == nil {
                let reason = "\(key.label) is also provided by '\(winner.name)' (\(winner.path)), which was found first; choose one with --prefer \(key.label)=NAME or remove one"
                outcome.disabled[loser.name] = reason
                outcome.problems.append(Problem(kind: .duplicateProvider, plugin: loser.name, contract: key.label,
                                                message: "\(loser.name) (\(loser.path)): disabled: \(reason)"))
            }
        }
    }

    // MARK: Missing providers

    /// Who serves a requirement right now: a plugin name, "host", or nil.
    private func provider(of requirement: Requirement, outcome: Outcome, visitingAdapters: Set<String> = []) -> (name: String?, disabledCandidate: String?) {
        let kind: Provision.Kind = requirement.kind == .module ? .module : .service
        let label = Self.label(requirement.contract, requirement.name)
        if kind == .service, hostProvides.contains(where: { Self.slot($0) == SlotKey(kind: .service, label: label) }) {
            return ("host", nil)
        }
        var disabledCandidate: String?
        for node in nodes {
            guard node.descriptor.provides.contains(where: { Self.slot($0) == SlotKey(kind: kind, label: label) }) else { continue }
            if outcome.overridden[node.name]?.contains(label) == true { continue }
            if outcome.disabled[node.name] == nil { return (node.name, nil) }
            disabledCandidate = disabledCandidate ?? node.name
        }
        // An adapter serves the contract from another one.
        for node in nodes where outcome.disabled[node.name] == nil {
            for adapter in node.descriptor.provides where adapter.kind == .adapter && adapter.contract == requirement.contract {
                guard let source = adapter.adaptedFrom, !visitingAdapters.contains(source.name) else { continue }
                let adapted = Requirement(kind: requirement.kind, contract: source, name: requirement.name)
                let found = provider(of: adapted, outcome: outcome, visitingAdapters: visitingAdapters.union([requirement.contract.name]))
                if found.name != nil { return found }
            }
        }
        return (nil, disabledCandidate)
    }

    private func disableUnsatisfied(_ outcome: inout Outcome) {
        var changed = true
        while changed {
            changed = false
            for node in nodes where outcome.disabled[node.name] == nil {
                guard let (provision, requirement, found) = firstUnsatisfied(node, outcome) else { continue }
                let what = "\(Self.label(provision.contract, provision.name)) requires \(requirement.kind == .module ? "module " : "")\(requirement)"
                let reason: String
                if let candidate = found.disabledCandidate, let why = outcome.disabled[candidate] {
                    reason = "\(what) → provided only by '\(candidate)', which is disabled: \(why)"
                } else {
                    reason = "\(what), which no plugin provides; install a plugin that provides it"
                }
                outcome.disabled[node.name] = reason
                outcome.problems.append(Problem(kind: .missingProvider, plugin: node.name, contract: requirement.contract.name,
                                                message: "\(node.name) (\(node.path)): disabled: \(reason)"))
                changed = true
            }
        }
    }

    private func firstUnsatisfied(_ node: Node, _ outcome: Outcome) -> (Provision, Requirement, (name: String?, disabledCandidate: String?))? {
        for provision in node.descriptor.provides {
            for requirement in provision.requires {
                let found = provider(of: requirement, outcome: outcome)
                if found.name == nil { return (provision, requirement, found) }
            }
        }
        return nil
    }

    // MARK: Cycles

    /// Services whose factories need each other can never be built; modules may
    /// route to each other freely (a list pushes an editor that pushes the list).
    private func findCycles(_ outcome: inout Outcome) {
        var edges: [String: [(String, String)]] = [:]  // service label -> [(required label, providing plugin)]
        var ownerOf: [String: String] = [:]
        for node in nodes where outcome.disabled[node.name] == nil {
            for provision in node.descriptor.provides where provision.kind == .service {
                let label = Self.label(provision.contract, provision.name)
                if outcome.overridden[node.name]?.contains(label) == true { continue }
                guard ownerOf[label] == nil else { continue }
                ownerOf[label] = node.name
                edges[label] = provision.requires.filter { $0.kind == .service }.map { (Self.label($0.contract, $0.name), node.name) }
            }
        }
        var state: [String: Int] = [:]  // 1 visiting, 2 done
        var stack: [String] = []
        var reported = Set<Set<String>>()
        func visit(_ label: String) {
            state[label] = 1
            stack.append(label)
            for (next, _) in edges[label] ?? [] {
                if state[next] == 1, let start = stack.firstIndex(of: next) {
                    let cycle = Array(stack[start...]) + [next]
                    let members = Set(cycle)
                    if reported.insert(members).inserted {
                        let plugins = Array(Set(cycle.compactMap { ownerOf[$0] })).sorted()
                        let chain = cycle.joined(separator: " → ")
                        for plugin in plugins where outcome.disabled[plugin] == nil {
                            let path = nodes.first { $0.name == plugin }?.path ?? "?"
                            let reason = "dependency cycle \(chain); break it by making one service resolve the other lazily, outside its factory"
                            outcome.disabled[plugin] = reason
                            outcome.problems.append(Problem(kind: .cycle, plugin: plugin, contract: next,
                                                            message: "\(plugin) (\(path)): disabled: \(reason)"))
                        }
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
}
