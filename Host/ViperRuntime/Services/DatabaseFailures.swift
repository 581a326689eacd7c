import Contracts
import Foundation

/// The database failures of this session that the host must not keep to itself: a
/// write that did not happen (a statement or transaction that failed, a full disk, a
/// read-only file), a database that could not be opened, a close that could not write
/// its WAL back. The database service records them as it throws them.
///
/// A plugin shows its failures on its own screen, which the host cannot read; the shell
/// takes what was recorded after each command, so the command counts as failed, a
/// scripted session exits non-zero, and the first failure reaches standard error as
/// one line. Reads that fail are not recorded: a plugin may probe with a query.
package final class DatabaseFailures: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [DatabaseError] = []

    /// Keeps `error` until the next ``take()``. The same failure rethrown by an outer
    /// call (a statement inside a transaction) is kept once.
    func record(_ error: DatabaseError) {
        lock.withLock {
            if recorded.last?.description != error.description { recorded.append(error) }
        }
    }

    /// The failures recorded since the last call, oldest first; clears them.
    package func take() -> [DatabaseError] {
        lock.withLock {
            defer { recorded = [] }
            return recorded
        }
    }

    /// One line for standard error about `failures`: the first, and how many more.
    package static func summary(_ failures: [DatabaseError]) -> String? {
        guard let first = failures.first else { return nil }
        let more = failures.count > 1 ? " (and \(failures.count - 1) more database failure\(failures.count == 2 ? "" : "s"))" : ""
        return "data may not be saved: \(first)\(more)"
    }
}
