import Contracts

/// One provider for each contract: the host first, then the user's choice, then the first found.
extension GraphValidator {
    // MARK: Duplicates and choices

    func chooseProviders(_ outcome: inout Outcome) {
        var providers: [ProvisionKey: [Node]] = [:]
        var order: [ProvisionKey] = []
        for node in nodes {
            // An interceptor serves nothing: several of one contract do not compete (see InterceptorTable).
            for provision in node.descriptor.provides where provision.kind != .interceptor {
                let key = ProvisionKey(provision)
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
            let what = key.kind == .service ? key.label : key.description
            for loser in candidates.dropFirst() {
                outcome.overridden[loser.name, default: []].insert(key.label)
                outcome.problems.append(Problem(
                    kind: .duplicateProvider, plugin: loser.name, contract: key.label,
                    message: "\(loser.path): plugin '\(loser.name)' does not serve \(what): '\(winner.name)' (\(winner.path)) also provides it and was found first; choose one with --prefer \(key.label)=NAME, or remove one"))
            }
        }
    }

    /// A choice that names a plugin which does not provide the contract is reported (and ignored).
    private func reportBadChoices(providers: [ProvisionKey: [Node]], order: [ProvisionKey], _ outcome: inout Outcome) {
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
}
