import Contracts

/// The registry's routes: which plugin keeps each route shape (as validation decided),
/// the routes of plugins not loaded yet, and those of disabled plugins with the reason.
/// A value the ``Registry`` keeps and changes only under its lock.
///
/// Invariants:
/// - a route that breaks a ``RouteRule`` is never listed, pending, unavailable or served;
/// - a plugin serves a route only when no other plugin keeps its shape;
/// - a loaded module's live registration replaces its plugin's pending entry.
package struct RouteTable {
    /// Which plugin keeps each route, by ``RouteRule/shape(_:)``.
    package var owners: [String: String] = [:]
    /// Loaded modules whose route is not served: it breaks a rule or another plugin keeps it.
    package var routeless = Set<RegistryKey>()
    /// Routes of plugins that are validated but not loaded yet.
    package var pending: [RouteEntry] {
        get { pendingRoutes.entries }
        set { pendingRoutes = PendingRoutes(newValue) }
    }
    /// ``pending``, with the routes of plugins added by declaration listed when first read.
    private var pendingRoutes = PendingRoutes([])
    /// Routes of plugins that are disabled, with the reason: so opening one says why.
    package var unavailable: [(route: RouteEntry, reason: String)] = []

    /// Whether `plugin` may serve `route`: it keeps the rules, and no other plugin keeps it.
    package func mayServe(_ route: RouteSpec, plugin: String) -> Bool {
        Self.mayServe(route, plugin: plugin, owners: owners)
    }

    /// Whether `plugin` may serve `route` when `owners` keep the route shapes.
    package static func mayServe(_ route: RouteSpec, plugin: String, owners: [String: String]) -> Bool {
        RouteRule.problem(with: route) == nil && (owners[RouteRule.shape(route.pattern)] ?? plugin) == plugin
    }

    /// Checks a loaded module's route again, on what the plugin registered live, not only on its descriptor.
    package mutating func noteLoaded(_ module: ModuleRegistration) {
        if let route = module.route, !mayServe(route, plugin: module.plugin) {
            routeless.insert(module.key)
        } else {
            routeless.remove(module.key)
        }
    }

    package mutating func addPending(_ entries: [RouteEntry]) {
        pending += entries.filter { mayServe($0.spec, plugin: $0.plugin) }
    }

    /// Adds the routes `plugins` declare (each plugin's module routes but those it lost), as
    /// ``addPending(_:)`` would with today's owners, but lists and checks them when ``pending``
    /// is first read: a start-up that never lists or opens a route decodes no descriptor for them.
    package mutating func addPending(declaredBy plugins: [PendingRoutes.Plugin]) {
        guard !plugins.isEmpty else { return }
        pendingRoutes = pendingRoutes.adding(plugins, owners: owners)
    }

    package mutating func addUnavailable(_ entries: [RouteEntry], reason: String) {
        // A route that breaks the rules is not offered even as a reason (`open help` is not "plugin X is disabled").
        unavailable += entries.filter { RouteRule.problem(with: $0.spec) == nil }.map { ($0, reason) }
    }

    /// The served routes of `loaded` modules and the pending ones they do not replace, sorted by pattern.
    package func entries(loaded: [ModuleRegistration]) -> [RouteEntry] {
        var entries: [RouteEntry] = loaded.compactMap { module in
            guard let route = module.route, !routeless.contains(module.key) else { return nil }
            return RouteEntry(spec: route, contract: module.contract, name: module.name, plugin: module.plugin)
        }
        let known = Set(loaded.map { ProvisionKey.label($0.contract, $0.name) })
        entries += pending.filter { !known.contains(ProvisionKey.label($0.contract, $0.name)) }
        return entries.sorted { $0.spec.pattern < $1.spec.pattern }
    }
}
