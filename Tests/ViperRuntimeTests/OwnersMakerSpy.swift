import Foundation

/// Makes a table of route owners and counts how often it was asked to (``RouteOwners``'s maker).
final class OwnersMakerSpy: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private let table: [String: String]

    init(_ table: [String: String]) {
        self.table = table
    }

    var calls: Int { lock.withLock { count } }

    func make() -> [String: String] {
        lock.withLock { count += 1 }
        return table
    }
}
