import Contracts

/// One provider for each contract: the host first, then the user's choice, then the first found.
extension GraphValidator {
    // MARK: Duplicates and choices

    package func chooseProviders(_ outcome: inout Outcome) {
        buildIndex()
        // Slot by slot in the order first found (``Index``): the plugins that provide it, each name once.
        let order = 0..<index.pluginSlotCount
        let providers = order.map { slot -> [Int] in
            let positions = index.providers[slot]
            guard positions.count > 1 else { return positions }
            var kept: [Int] = []
            for position in positions where !kept.contains(where: { nodes[$0].name == nodes[position].name }) {
                kept.append(position)
            }
            return kept
        }
        reportBadChoices(providers: providers, &outcome)
        for slot in order {
            if index.isHostSlot[slot] {
                // The host's own services always win; the plugin's registration stays unused.
                for position in providers[slot] {
                    outcome.overridden[nodes[position].name, default: []].insert(index.labels[slot])
                }
                continue
            }
            guard providers[slot].count > 1 else { continue }
            let key = index.slots[slot]
            let candidates = providers[slot].map { nodes[$0] }
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
                outcome.problems.append(
                    Problem(
                        kind: .duplicateProvider, plugin: loser.name, contract: key.label,
                        message:
                            "\(loser.path): plugin '\(loser.name)' does not serve \(what): '\(winner.name)' (\(winner.path)) also provides it and was found first; choose one with --prefer \(key.label)=NAME, or remove one"
                    ))
            }
        }
    }

    /// A choice that names a plugin which does not provide the contract is reported (and ignored).
    private func reportBadChoices(providers: [[Int]], _ outcome: inout Outcome) {
        for (label, choice) in preferences.sorted(by: { $0.key < $1.key }) where !RouteRule.isRouteKey(label) {
            var candidates: [String] = []
            for slot in providers.indices where index.labels[slot] == label {
                for position in providers[slot] where !candidates.contains(nodes[position].name) {
                    candidates.append(nodes[position].name)
                }
            }
            guard !candidates.contains(choice.plugin) else { continue }
            let source = choice.source
            let choice = choice.plugin
            let message: String
            if candidates.isEmpty {
                message =
                    "\(source): chooses '\(choice)' to provide \(label), but no plugin provides \(label); remove the choice, or install a plugin that provides it"
            } else {
                message =
                    "\(source): chooses '\(choice)' to provide \(label), but '\(choice)' does not provide it; choose one of: \(candidates.joined(separator: ", "))"
            }
            outcome.problems.append(Problem(kind: .badPreference, plugin: choice, contract: label, message: message))
        }
    }
}
