import Contracts
import Foundation

/// What a navigation command reads of the registry, made once per snapshot of its tables
/// instead of once per command: every route listed and sorted, and the live modules by
/// contract and name. (The shell's matcher over these routes is kept by the ``NavigationStack``,
/// made again only when the snapshot's stamp changes.)
///
/// Invariants:
/// - Made from one ``RegistrySnapshot``'s tables and kept by that snapshot, which never
///   changes: a write publishes a new snapshot, so nothing here is ever stale.
/// - Each part is made the first time it is read (under the snapshot's lock, once): a
///   start-up that never lists or opens a route lists no route, as before.
package final class RegistryRouting: @unchecked Sendable {
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var listed: [RouteEntry]?
    private var modulesByLabel: [ModuleLabel: ModuleRegistration]?

    /// A module's contract and name, as a route names it.
    struct ModuleLabel: Hashable {
        let contract: ContractID
        let name: String?
    }

    /// The routes of `tables`, listed and sorted when first asked.
    func routes(_ tables: borrowing RegistryTables) -> [RouteEntry] {
        lock.withLock {
            if let listed { return listed }
            let entries = tables.routes.entries(loaded: Array(tables.modules.values))
            listed = entries
            return entries
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
    /// Every route known, sorted by pattern, made once per version of the tables, with that
    /// version's stamp (a cache of something made from the routes is good while the stamp is).
    package var routing: (stamp: UInt64, entries: [RouteEntry]) {
        probe { ($0.stamp, $0.routing.routes($0.tables)) }
    }
}
