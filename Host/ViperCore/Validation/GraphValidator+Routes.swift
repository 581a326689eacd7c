import Contracts

/// Routes: each keeps the ``RouteRule``s, and each is served by one plugin.
///
/// A refused route costs its plugin only that route, as a contract provided twice
/// costs only that contract: the module stays registered (other modules still reach
/// it by contract) and the plugin's other registrations keep working.
///
/// When plugins declare routes of one shape (`notes`, or `notes/:id` and `notes/:key`),
/// the user's choice keeps it (`--prefer notes=PLUGIN`, or `"providers"` in
/// `config.json`). Without a choice a bundled plugin keeps its route, so a drop-in
/// cannot take `notes` from the bundled Notes; otherwise the first found in search
/// order keeps it. The others are problems until the user chooses. A drop-in that
/// provides the same module contract is not a route conflict: the contract's
/// provider choice decides, and the route goes with the module.
extension GraphValidator {
    private struct RouteClaim {
        let node: Node
        let module: String
        let pattern: String
    }

    package func chooseRoutes(_ outcome: inout Outcome) {
        buildIndex()
        // Claims by shape, each shape numbered in the order first claimed.
        var claimLists: [[RouteClaim]] = []
        var shapeNumbers: [String: Int] = [:]
        shapeNumbers.reserveCapacity(nodes.count)
        var order: [String] = []
        for position in nodes.indices where isEnabled(nodes[position], outcome) {
            let node = nodes[position]
            for (offset, provision) in node.descriptor.provides.enumerated() where provision.kind == .module {
                let module = provisionLabel(position, offset)
                guard let route = provision.route, !isOverridden(node, module, outcome) else { continue }
                if let rule = RouteRule.problem(with: route) {
                    outcome.problems.append(
                        Problem(
                            kind: .badRoute, plugin: node.name, contract: route.pattern,
                            message:
                                "\(node.path): plugin '\(node.name)' cannot have route '\(route.pattern)' (module \(module)): \(rule); its other registrations keep working"
                        ))
                    continue
                }
                let shape = RouteRule.shape(route.pattern)
                let claim = RouteClaim(node: node, module: module, pattern: route.pattern)
                let next = claimLists.count
                let number = Self.number(&shapeNumbers[shape, default: next])  // one hash, new or not
                if number == next {
                    claimLists.append([claim])
                    order.append(shape)
                } else {
                    claimLists[number].append(claim)
                }
            }
        }
        let chosen = routeChoices({ shapeNumbers[$0].map { claimLists[$0] } }, &outcome)
        var owners = outcome.routeOwners  // set once at the end: each set makes a new table
        owners.reserveCapacity(owners.count + order.count)
        defer { outcome.routeOwners = owners }
        for (number, shape) in order.enumerated() {
            let candidates = claimLists[number]
            guard let first = candidates.first else { continue }
            guard candidates.count > 1 else {
                owners[shape] = first.node.name  // the only claim keeps it, chosen or not
                continue
            }
            let choice = chosen.isEmpty ? nil : chosen[shape].flatMap { name in candidates.first { $0.node.name == name } }
            let winner = choice ?? candidates.first { $0.node.isBundled } ?? first
            owners[shape] = winner.node.name
            for loser in candidates where loser.node.name != winner.node.name || loser.module != winner.module {
                if let problem = routeLoss(loser, winner: winner, chosen: choice != nil) {
                    outcome.problems.append(problem)
                }
            }
        }
    }

    private static func number(_ value: inout Int) -> Int { value }

    /// The problem line for a claim that does not get its route, or nil when the user chose another plugin.
    private func routeLoss(_ loser: RouteClaim, winner: RouteClaim, chosen: Bool) -> Problem? {
        let head = "\(loser.node.path): plugin '\(loser.node.name)'"
        if loser.node.name == winner.node.name {
            return Problem(
                kind: .duplicateRoute, plugin: loser.node.name, contract: loser.pattern,
                message:
                    "\(head) declares route '\(loser.pattern)' for \(winner.module) and again for \(loser.module); only \(winner.module) has it; give each module its own route"
            )
        }
        guard !chosen else { return nil }
        let why = winner.node.isBundled ? "is bundled with viper" : "was found first"
        return Problem(
            kind: .duplicateRoute, plugin: loser.node.name, contract: loser.pattern,
            message:
                "\(head) does not get route '\(loser.pattern)' (module \(loser.module)): '\(winner.node.name)' (\(winner.node.path)) also declares it and keeps it because it \(why); choose one with --prefer \(winner.pattern)=NAME, or remove one"
        )
    }

    /// The contract a plugin declares whose short name is `key` (`NoteStore` for
    /// `Contracts.NoteStore`), for a choice written without its module.
    private func contract(named key: String) -> ContractID? {
        let provisions = hostProvides + nodes.flatMap(\.descriptor.provides)
        return provisions.first { $0.contract.shortName == key }?.contract
    }

    /// The user's route choices by shape; a choice of a plugin that does not declare the route is reported (and ignored).
    private func routeChoices(_ claims: (String) -> [RouteClaim]?, _ outcome: inout Outcome) -> [String: String] {
        var chosen: [String: String] = [:]
        for (key, choice) in preferences.sorted(by: { $0.key < $1.key }) where RouteRule.isRouteKey(key) {
            let shape = RouteRule.shape(key)
            var candidates: [String] = []
            for claim in claims(shape) ?? [] where !candidates.contains(claim.node.name) {
                candidates.append(claim.node.name)
            }
            if candidates.contains(choice.plugin) {
                chosen[shape] = choice.plugin
                continue
            }
            let message: String
            if candidates.isEmpty, let contract = contract(named: key) {
                message =
                    "\(choice.source): '\(key)' is not a route; to choose the provider of \(contract.name), write --prefer \(contract.name)=\(choice.plugin)"
            } else if candidates.isEmpty {
                message =
                    "\(choice.source): chooses '\(choice.plugin)' to keep route '\(key)', but no enabled plugin declares that route; remove the choice, or fix the name (a contract is written Module.Name, e.g. Contracts.NoteEditing)"
            } else {
                message =
                    "\(choice.source): chooses '\(choice.plugin)' to keep route '\(key)', but '\(choice.plugin)' does not declare it; choose one of: \(candidates.joined(separator: ", "))"
            }
            outcome.problems.append(Problem(kind: .badPreference, plugin: choice.plugin, contract: key, message: message))
        }
        return chosen
    }
}
