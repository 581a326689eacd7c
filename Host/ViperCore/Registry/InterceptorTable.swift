import Contracts
import Foundation

/// A route interceptor a plugin registered (``Registrar/registerInterceptor(for:name:intercept:)``).
package final class InterceptorRegistration {
    package let contract: ContractID
    package let name: String?
    package let plugin: String
    package let intercept: (RouteAttempt, any Resolver) throws -> RouteDecision

    package init(
        contract: ContractID, name: String?, plugin: String,
        intercept: @escaping (RouteAttempt, any Resolver) throws -> RouteDecision
    ) {
        self.contract = contract
        self.name = name
        self.plugin = plugin
        self.intercept = intercept
    }
}

/// A plugin's observer of failed navigations (``Registrar/observeRouteErrors(_:)``).
package final class RouteErrorObserver {
    package let plugin: String
    package let observe: (RouteFailure) -> Void

    package init(plugin: String, observe: @escaping (RouteFailure) -> Void) {
        self.plugin = plugin
        self.observe = observe
    }
}

/// The interceptors and route error observers of the committed plugins.
///
/// Rules (docs/PLUGIN_AUTHORS.md, "Intercepting routes"), shared with `doctor` through
/// ``order(_:)`` so the report and the runtime cannot disagree:
/// - A plugin has at most one interceptor per contract and name (a second is a duplicate,
///   ignored like any other duplicate registration).
/// - The interceptors of one contract run in the order of their plugins' names,
///   whatever order the plugins were loaded in; the first that does not allow decides.
/// - Two or more plugins intercepting one contract is a conflict `doctor` shows: it is
///   allowed, and the order above settles it.
///
/// `@unchecked Sendable`: both tables are read and written under `lock`.
package final class InterceptorTable: @unchecked Sendable {
    package let lock = NSLock()
    package var byKey: [ProvisionKey: [InterceptorRegistration]] = [:]
    package var observerList: [RouteErrorObserver] = []

    package init() {}

    /// How an interceptor is named in a commit's `skipping` set, apart from a service or module of the same label.
    package static func skipKey(_ label: String) -> String { "interceptor " + label }

    /// The order interceptors of one contract run in: by plugin name.
    package static func order(_ plugins: [String]) -> [String] {
        plugins.sorted()
    }

    /// Adds what a validated plugin registered, but the interceptors `skipping` names
    /// (``skipKey(_:)``: not allowed, see the runtime's `InterceptionPermission`).
    package func add(_ recorded: RecordingRegistrar, skipping: Set<String> = []) {
        guard !recorded.interceptors.isEmpty || !recorded.routeErrorObservers.isEmpty else { return }
        lock.withLock {
            for interceptor in recorded.interceptors
            where !skipping.contains(Self.skipKey(Registry.label(interceptor.contract, interceptor.name))) {
                let key = ProvisionKey(.interceptor, interceptor.contract, name: interceptor.name)
                var list = byKey[key, default: []].filter { $0.plugin != interceptor.plugin }
                list.append(interceptor)
                let order = Self.order(list.map(\.plugin))
                byKey[key] = list.sorted { order.firstIndex(of: $0.plugin) ?? 0 < order.firstIndex(of: $1.plugin) ?? 0 }
            }
            observerList += recorded.routeErrorObservers
        }
    }

    /// The interceptors of `contract` (and `name`), in the order they run.
    package func interceptors(of contract: ContractID, name: String?) -> [InterceptorRegistration] {
        lock.withLock { byKey[ProvisionKey(.interceptor, contract, name: name)] ?? [] }
    }

    /// Every route error observer, in the order their plugins were committed.
    package var observers: [RouteErrorObserver] {
        lock.withLock { observerList }
    }
}
