@testable import ArticlesPlugin

/// Subscriptions in memory.
final class MemoryFeedSubscriptions: FeedSubscriptions {
    var kept: [String]

    init(_ kept: [String] = []) {
        self.kept = kept
    }

    func addresses() throws -> [String] {
        kept
    }

    func save(_ addresses: [String]) throws {
        kept = addresses
    }
}
