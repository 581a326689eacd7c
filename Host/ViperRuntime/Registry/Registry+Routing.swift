import Contracts
import Foundation

/// What a navigation command reads of the registry, made once per snapshot of its tables
/// instead of once per command: every route listed and sorted, the matcher over them (its
/// patterns split and indexed), and the live modules by contract and name.
///
/// Invariants:
/// - Made from one ``RegistrySnapshot``'s tables and kept by that snapshot, which never
///   changes: a write publishes a new snapshot, so nothing here is ever stale.
/// - Each part is made the first time it is read (under the snapshot's lock, once): a
///   start-up that never lists or opens a route lists no route, as before.
final class RegistryRouting: @unchecked Sendable {
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var listed: (entries: [RouteEntry], matcher: RouteMatcher<RouteEntry>)?
    private var modulesByLabel: [ModuleLabel: ModuleRegistration]?

    /// A module's contract and name, as a route names it.
    struct ModuleLabel: Hashable {
        let contract: ContractID
        let name: String?
    }

    /// The routes of `tables`, listed and indexed when first asked.
    func routes(_ tables: borrowing RegistryTables) -> (entries: [RouteEntry], matcher: RouteMatcher<RouteEntry>) {
        lock.withLock {
            if let listed { return listed }
            let entries = tables.routes.entries(loaded: Array(tables.modules.values))
            let made = (entries, RouteMatcher(entries.map { RouteMatcher.Route(spec: $0.spec, target: $0) }))
            listed = made
            return made
        }
    }

    /// The live module registered for `contract` and `name`: the first in the tables' order, as
    /// a walk of every module finds it.
    func module(_ contract: ContractID, name: String?, in tables: borrowing RegistryTables) -> ModuleRegistration? {
        lock.withLock {
            if modulesByLabel == nil {
                var table: [ModuleLabel: ModuleRegistration] = [:]
                for module in tables.modules.values where table[ModuleLabel(contract: module.contract, name: module.name)] == nil {
                    table[ModuleLabel(contract: module.contract, name: module.name)] = module
                }
                modulesByLabel = table
            }
            return modulesByLabel?[ModuleLabel(contract: contract, name: name)]
        }
    }
}

extension Registry {
    /// The shell's routes and their matcher, made once per version of the tables.
    package var routing: (entries: [RouteEntry], matcher: RouteMatcher<RouteEntry>) {
        probe { $0.routing.routes($0.tables) }
    }
}
