import Contracts

/// Plugins whose requirements nothing enabled provides are disabled, repeatedly, with the chain in the reason.
extension GraphValidator {
    // MARK: Missing providers

    /// Who serves a requirement right now, directly or through a chain of adapters: the
    /// ``ServingPath`` over enabled plugins and what the user chose (the registry walks the
    /// same path over what is loaded).
    package func provider(of requirement: Requirement, _ outcome: Outcome) -> Found {
        buildIndex()
        return provider(of: requirement, slot: index.slotIDs[Self.askedKey(requirement)], outcome)
    }

    /// ``provider(of:_:)`` with the slot of the key `requirement` asks for directly (``Index/requirementSlots``):
    /// a provider of that key itself answers without a walk; else the walk looks for adapters.
    package func provider(of requirement: Requirement, slot: Int?, _ outcome: Outcome) -> Found {
        buildIndex()
        var disabledCandidate: String?
        if let slot, let direct = directProvider(slot, outcome, disabledCandidate: &disabledCandidate) {
            return Found(provider: direct)  // what the walk finds when its first step has a provider
        }
        let asked = Self.askedKey(requirement)
        let walk = ServingPath.find(
            asked,
            provider: { key in
                if index.hostSlots.contains(key) { return "host" }
                guard let slot = index.slotIDs[key] else { return nil }
                return directProvider(slot, outcome, disabledCandidate: &disabledCandidate)
            },
            adapter: { contract in
                // An adapter serves the contract from another one (of the same kind); the first enabled one that was not overridden.
                let label = Self.label(contract, nil)
                for (position, adapter) in index.adapters[contract] ?? [] {
                    let node = nodes[position]
                    guard isEnabled(node, outcome), !isOverridden(node, label, outcome), let source = adapter.adaptedFrom else { continue }
                    return ServingPath.Hop(contract: contract, source: source, plugin: node.name)
                }
                return nil
            })
        switch walk {
        case .success(let path):
            return Found(provider: path.provider, adaptedFrom: path.hops.isEmpty ? nil : path.served.contract, hops: path.hops)
        case .failure(let unserved):
            return Found(
                disabledCandidate: disabledCandidate, adapterNote: unserved.hops.isEmpty ? nil : unserved.note,
                adapterNoteHasFix: unserved.reason != .missing)
        }
    }

    /// Who provides the key of `slot` itself: the host, else the first enabled plugin that was not
    /// overridden in it; the first disabled one goes to `disabledCandidate` for the message.
    private func directProvider(_ slot: Int, _ outcome: Outcome, disabledCandidate: inout String?) -> String? {
        if index.isHostSlot[slot] { return "host" }
        for position in index.providers[slot] {
            let node = nodes[position]
            if isOverridden(node, index.labels[slot], outcome) { continue }
            if isEnabled(node, outcome) { return node.name }
            disabledCandidate = disabledCandidate ?? node.name
        }
        return nil
    }

    package func disableUnsatisfied(_ outcome: inout Outcome) {
        buildIndex()
        var changed = true
        while changed {
            changed = false
            for position in nodes.indices where isEnabled(nodes[position], outcome) {
                guard let (provision, requirement, found) = firstUnsatisfied(position, outcome) else { continue }
                let node = nodes[position]
                let what = "\(Self.label(provision.contract, provision.name)) requires \(Self.describe(requirement))"
                let reason: String
                if let candidate = found.disabledCandidate, let why = outcome.disabled[candidate] {
                    reason = "\(what) → provided only by '\(candidate)', which is disabled: \(why)"
                } else if found.adapterNote == nil, let module = ownModule(of: requirement, in: node) {
                    reason =
                        "\(what), which no plugin provides; \(requirement.contract.shortName) is declared in the plugin's own module \(module), so register it in \(node.name)'s register(in:)"
                } else if found.adapterNote == nil, let library = ownLibrary(of: requirement, in: node) {
                    reason =
                        "\(what), which no plugin provides; \(requirement.contract.shortName) is a contract of \(library), whose other contracts \(node.name) provides: "
                        + "if \(node.name) is meant to provide it too, register it in its register(in:) (registrar.register\(requirement.kind == .module ? "Module" : "Service")(\(requirement.contract.shortName).self, ...)); "
                        + "else install a plugin that provides it"
                } else if let note = found.adapterNote, found.adapterNoteHasFix {
                    reason = "\(what), which no plugin provides (\(note))"
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

    private func firstUnsatisfied(_ position: Int, _ outcome: Outcome) -> (Provision, Requirement, Found)? {
        for (offset, provision) in nodes[position].descriptor.provides.enumerated() {
            for (number, requirement) in provision.requires.enumerated() {
                let found = provider(of: requirement, slot: requirementSlot(position, offset, number), outcome)
                if found.provider == nil { return (provision, requirement, found) }
            }
        }
        return nil
    }
}
