@testable import ArticlesPlugin

/// An ``ArticleCaching`` in memory.
final class MemoryArticleCache: ArticleCaching {
    private(set) var feeds: [String: CachedFeed] = [:]

    func feed(for source: String) -> CachedFeed? {
        feeds[source]
    }

    func save(_ feed: CachedFeed, for source: String) throws {
        feeds[source] = feed
    }
}
