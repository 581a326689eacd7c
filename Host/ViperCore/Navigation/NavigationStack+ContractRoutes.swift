import Contracts

/// Routing by a contract's name, for a module whose code runs in another process: it names the
/// contract it routes to, as it has no Swift type viper shares, and passes no input across.
extension NavigationStack {
    /// Routes to the module registered for `target` (and `name`) from the module `source`, with the
    /// same rules and interception as ``route(_:from:)``. Returns the id of the module it showed.
    @discardableResult
    package func route(contract target: ContractID, name: String?, transition: Transition, from source: Int?) throws -> Int {
        do {
            try checkCanNavigate(from: source, verb: Self.verb(transition), target: target.shortName)
            if let redirect = try intercept(target, name: name, path: nil, requester: requester(source)) {
                return try open(path: redirect, as: transition, from: source, intercepting: false)
            }
            guard let registration = registry.moduleRegistration(contract: target, name: name) else {
                let error = registry.notRegistered(target, name: name, requester: requester(source), detail: "")
                throw NavigationError(.notRegistered, error.description)
            }
            let entry = try build(
                registration, parameters: RouteParameters(), path: nil, placement: .pushed,
                appearsAtOnce: appearsAtOnce(registration.plugin, transition))
            show(entry, transition)
            return entry.id
        } catch {
            let failure = Self.navigationError(error)
            report(failure)
            throw failure
        }
    }
}
