@testable import ArticlesPlugin

/// An ``ArticleCaching`` in memory.
final class MemoryArticleCache: ArticleCaching {
    private(set) var feeds: [String: CachedFeed] = [:]

    func feed(for source: String) -> CachedFeed? {
        feeds[source]
    }

    func about(_ source: String) -> CachedFeedAbout? {
        feeds[source].map { CachedFeedAbout(title: $0.document.title, fetched: $0.fetched, validators: $0.validators) }
    }

    func save(_ feed: CachedFeed, for source: String) throws {
        feeds[source] = feed
    }
}
