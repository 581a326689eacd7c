@testable import ArticlesPlugin

/// Read state in memory, by ``FeedItem/readKey`` (the file's rule without the file).
final class MemoryReadArticles: ReadArticles {
    private(set) var keys: Set<String> = []

    func isRead(_ item: FeedItem) -> Bool { keys.contains(item.readKey) }
    func markRead(_ items: [FeedItem]) throws { keys.formUnion(items.map(\.readKey)) }
    func markUnread(_ items: [FeedItem]) throws { keys.subtract(items.map(\.readKey)) }
    func migrate(_ items: [FeedItem]) throws {}
}
