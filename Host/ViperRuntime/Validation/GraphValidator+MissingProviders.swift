import Contracts

/// Plugins whose requirements nothing enabled provides are disabled, repeatedly, with the chain in the reason.
extension GraphValidator {
    // MARK: Missing providers

    /// Who serves a requirement right now, directly or through a chain of adapters: the
    /// ``ServingPath`` over enabled plugins and what the user chose (the registry walks the
    /// same path over what is loaded).
    func provider(of requirement: Requirement, _ outcome: Outcome) -> Found {
        let kind: Provision.Kind = requirement.kind == .module ? .module : .service
        let asked = ProvisionKey(kind, requirement.contract, name: requirement.name)
        buildIndex()
        var disabledCandidate: String?
        let walk = ServingPath.find(asked, provider: { key in
            if index.hostSlots.contains(key) { return "host" }
            for node in (index.providers[key] ?? []).map({ nodes[$0] }) {
                if isOverridden(node, key.label, outcome) { continue }
                if isEnabled(node, outcome) { return node.name }
                disabledCandidate = disabledCandidate ?? node.name
            }
            return nil
        }, adapter: { contract in
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
            return Found(disabledCandidate: disabledCandidate, adapterNote: unserved.hops.isEmpty ? nil : unserved.note,
                         adapterNoteHasFix: unserved.reason != .missing)
        }
    }

    func disableUnsatisfied(_ outcome: inout Outcome) {
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

    private func firstUnsatisfied(_ node: Node, _ outcome: Outcome) -> (Provision, Requirement, Found)? {
        for provision in node.descriptor.provides {
            for requirement in provision.requires {
                let found = provider(of: requirement, outcome)
                if found.provider == nil { return (provision, requirement, found) }
            }
        }
        return nil
    }
}
