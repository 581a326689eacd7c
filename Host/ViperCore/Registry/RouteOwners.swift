import Foundation

/// Which plugin keeps each route shape (validation's ``GraphValidator/Outcome/routeOwners``),
/// made the first time something reads it: a start that keeps its graph holds the owners as the
/// kept file's checked bytes, and one that never lists, matches or opens a route makes no table of
/// them (a dictionary of Strings for every owner would be a large share of a warm start).
///
/// Invariants:
/// - The table is made once, under a lock, by whichever thread reads first; then the maker is
///   dropped. A value made from a table is that table from the start.
/// - Making it cannot fail: whoever gives a maker has checked what it reads (the kept graph's
///   lines are checked when its file is read), so the table is the one an eager read gives.
/// - Never changed once made: a new table is a new value (``RouteTable`` and ``GraphValidator/Outcome``
///   replace it), so every holder of this one keeps seeing what it saw.
package final class RouteOwners: @unchecked Sendable {
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var made: [String: String]?
    private var maker: (() -> [String: String])?

    /// Owners already in a table.
    package init(_ table: [String: String] = [:]) {
        made = table
    }

    /// Owners `maker` makes when first read (see the invariants).
    package init(later maker: @escaping () -> [String: String]) {
        self.maker = maker
    }

    /// Every route shape with the plugin that keeps it.
    package var table: [String: String] {
        lock.withLock {
            if let made { return made }
            let table = maker?() ?? [:]
            made = table
            maker = nil
            return table
        }
    }

    /// The plugin that keeps `shape`, or nil.
    package subscript(shape: String) -> String? { table[shape] }

    /// Whether the table has been made (a start that lists no route makes none).
    package var isMade: Bool { lock.withLock { made != nil } }
}
