import Foundation

/// A ``Tally`` numbered in creation order; the numbering is shared and thread-safe.
package final class TallyStub: Tally {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var made = 0

    package let id: Int

    package init() {
        id = Self.lock.withLock {
            Self.made += 1
            return Self.made
        }
    }
}
