import Foundation

/// The pending routes of a ``RouteTable``: those already listed, and plugins whose routes are
/// listed (and checked against the owners of their time) the first time they are read.
///
/// Invariants:
/// - Never changed once shared: ``RouteTable`` replaces it to add or set routes, so the
///   registry's snapshots that hold the old one keep seeing what they saw.
/// - Listing is deterministic (descriptors, rules and the kept owners do not change), so
///   whichever reader lists first, every reader sees the same entries, in the order added.
package final class PendingRoutes: @unchecked Sendable {
    /// A plugin whose routes are pending: where its routes are read from, its name, and the labels it lost.
    package struct Plugin {
        package let descriptor: any DeclaredRoutes
        package let name: String
        package let overridden: Set<String>

        package init(descriptor: any DeclaredRoutes, name: String, overridden: Set<String>) {
            self.descriptor = descriptor
            self.name = name
            self.overridden = overridden
        }
    }

    private struct Batch {
        let plugins: [Plugin]
        let owners: [String: String]
    }

    private let lock = NSLock()
    /// Guarded by `lock`.
    private var listed: [RouteEntry]
    private var unlisted: [Batch]

    package init(_ listed: [RouteEntry]) {
        self.listed = listed
        unlisted = []
    }

    private init(listed: [RouteEntry], unlisted: [Batch]) {
        self.listed = listed
        self.unlisted = unlisted
    }

    /// Every pending route, in the order added.
    package var entries: [RouteEntry] {
        lock.withLock {
            for batch in unlisted {
                for plugin in batch.plugins {
                    for route in plugin.descriptor.routes(plugin: plugin.name, except: plugin.overridden)
                    where RouteTable.mayServe(route.spec, plugin: route.plugin, owners: batch.owners) {
                        listed.append(route)
                    }
                }
            }
            unlisted = []
            return listed
        }
    }

    /// A new list with `plugins` added after these, to be checked against `owners`.
    package func adding(_ plugins: [Plugin], owners: [String: String]) -> PendingRoutes {
        lock.withLock {
            PendingRoutes(listed: listed, unlisted: unlisted + [Batch(plugins: plugins, owners: owners)])
        }
    }
}

/// What declares a plugin's routes before the plugin is loaded: acquisition's scanned
/// descriptor. The core reads routes through it without knowing how they were found.
package protocol DeclaredRoutes {
    /// The routes of `plugin`'s modules, but those whose label is in `except`.
    func routes(plugin: String, except: Set<String>) -> [RouteEntry]
}

extension Registry {
    /// Adds the routes of plugins not loaded yet, as ``addPendingRoutes(_:)``, listed when first read.
    package func addPendingRoutes(declaredBy plugins: [PendingRoutes.Plugin]) {
        write { $0.routes.addPending(declaredBy: plugins) }
    }
}
