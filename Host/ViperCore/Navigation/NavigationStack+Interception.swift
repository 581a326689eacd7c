import Contracts

/// Route interception: plugins' interceptors decide about a route before its builder
/// runs (allow, redirect, refuse), and plugins' observers see every failed navigation.
/// The rules are ``InterceptorTable``'s; the author's guide is docs/PLUGIN_AUTHORS.md.
extension NavigationStack {
    /// How many redirects one navigation may follow before it fails as a loop.
    package static let redirectLimit = 4

    /// Runs the interceptors of the route to `contract` (and `name`), following redirects.
    /// Returns nil to go on as asked, or the shell path to open instead, whose own
    /// interceptors have already allowed it. Throws ``NavigationError/Code/refused`` when
    /// an interceptor refuses (or throws), and when redirects loop or exceed
    /// ``redirectLimit``; nothing is built before this returns, so a failure changes nothing.
    package func intercept(_ contract: ContractID, name: String?, path: String?, requester: String) throws -> String? {
        var attempt = RouteAttempt(contract: contract, name: name, path: path, requester: requester)
        var chain = [Self.describe(attempt)]
        var redirected: String?
        while true {
            guard let (plugin, decision) = try decide(attempt) else { return redirected }
            switch decision {
            case .allow:
                return redirected
            case .refuse(let reason):
                throw NavigationError(.refused, "cannot open \(chain.last ?? ""): \(reason) (plugin '\(plugin)' refused it)")
            case .redirect(let target):
                let target = target.trimmingCharacters(in: .whitespaces)
                let label = "'\(target)'"
                if chain.contains(label) || chain.count > Self.redirectLimit {
                    let why = chain.contains(label) ? "loop" : "chain longer than \(Self.redirectLimit) redirects"
                    throw NavigationError(
                        .refused,
                        "cannot open \(chain[0]): the interceptors' redirects \(why): \((chain + [label]).joined(separator: " → ")); fix the interceptor of plugin '\(plugin)' (see 'viper doctor')"
                    )
                }
                let match: RouteMatcher<RouteEntry>.Match
                do {
                    match = try routeMatcher.match(target)
                } catch {
                    throw NavigationError(
                        .refused,
                        "cannot open \(chain.last ?? ""): plugin '\(plugin)' redirected it to \(label), which is not a route (\(Self.oneLine(error))); fix that plugin's interceptor"
                    )
                }
                chain.append(label)
                redirected = target
                attempt = RouteAttempt(
                    contract: match.route.target.contract, name: match.route.target.name,
                    path: target, requester: requester)
            @unknown default:
                throw NavigationError(.refused, "cannot open \(chain.last ?? ""): plugin '\(plugin)' decided something this viper does not know; update viper")
            }
        }
    }

    /// The first decision that is not ``RouteDecision/allow`` among the interceptors of
    /// `attempt`'s contract, with the plugin that made it; nil when none intercepts.
    /// Loads the plugins that intercept the contract first (lazy loading).
    private func decide(_ attempt: RouteAttempt) throws -> (String, RouteDecision)? {
        _ = registry.onMiss?(ProvisionKey(.interceptor, attempt.contract, name: attempt.name))
        let interceptors = registry.interception.interceptors(of: attempt.contract, name: attempt.name)
        var last: (String, RouteDecision)?
        for interceptor in interceptors {
            let resolver = registry.resolver(for: "the interceptor of \(Registry.label(attempt.contract, attempt.name)) in plugin '\(interceptor.plugin)'")
            let decision: RouteDecision
            do {
                decision = try PluginExitGuard.run("plugin '\(interceptor.plugin)'", "intercepting the route to \(attempt.contract.name)") {
                    try interceptor.intercept(attempt, resolver)
                }
            } catch {
                decision = .refuse(reason: "its interceptor failed: \(Self.oneLine(error))")
            }
            if decision != .allow { return (interceptor.plugin, decision) }
            last = (interceptor.plugin, decision)
        }
        return last
    }

    /// Tells every plugin's route error observer about `failure`.
    package func tellObservers(_ failure: NavigationError) {
        let observers = registry.interception.observers
        guard !observers.isEmpty else { return }
        let shown = failure.routeFailure
        for observer in observers {
            PluginExitGuard.run("plugin '\(observer.plugin)'", "observing a route error") { observer.observe(shown) }
        }
    }

    private static func describe(_ attempt: RouteAttempt) -> String {
        attempt.path.map { "'\($0)'" } ?? Registry.label(attempt.contract, attempt.name)
    }
}

/// A redirected route's failure, already reported by the `open` it became: the route by
/// contract passes it to its own `failure` handler but does not report it again.
package struct RedirectFailure: Error {
    package let error: NavigationError
}
