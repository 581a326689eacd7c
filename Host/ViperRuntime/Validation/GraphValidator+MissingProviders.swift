import Contracts

/// Plugins whose requirements nothing enabled provides are disabled, repeatedly, with the chain in the reason.
extension GraphValidator {
    // MARK: Missing providers

    /// Who serves a requirement right now, directly or through adapters.
    func provider(of requirement: Requirement, _ outcome: Outcome, visiting: Set<ContractID> = []) -> Found {
        let kind: Provision.Kind = requirement.kind == .module ? .module : .service
        let key = ProvisionKey(kind, requirement.contract, name: requirement.name)
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
