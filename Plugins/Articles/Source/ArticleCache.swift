import Contracts
import Foundation

/// The last good feed of a source, as kept on disk.
struct CachedFeed: Equatable {
    let articles: [Article]
    /// When it was fetched, in seconds since 1970 (from the injected clock).
    let fetched: Double
    /// What the server said identifies this version, for the next conditional fetch.
    var validators = FeedValidators.none
}

/// Keeps the last good feed of each source, so a list can be shown when the source
/// cannot be reached. The Interactor depends on this, not on the file.
protocol ArticleCaching: AnyObject {
    func feed(for source: String) -> CachedFeed?
    func save(_ feed: CachedFeed, for source: String) throws
}

/// ``ArticleCaching`` in `articles-cache.json` in the data folder: one JSON object,
/// source → {fetched, articles}. A damaged file reads as empty and is replaced by
/// the next good fetch (it holds nothing that cannot be fetched again).
final class FileArticleCache: ArticleCaching {
    static let fileName = "articles-cache.json"
    let path: String

    init(folder: String) {
        path = (folder as NSString).appendingPathComponent(Self.fileName)
    }

    func feed(for source: String) -> CachedFeed? {
        guard let entry = readAll()[source] else { return nil }
        return CachedFeed(articles: entry.articles.map(\.article), fetched: entry.fetched,
                          validators: FeedValidators(etag: entry.etag, lastModified: entry.lastModified))
    }

    func save(_ feed: CachedFeed, for source: String) throws {
        var all = readAll()
        all[source] = Entry(fetched: feed.fetched, articles: feed.articles.map(Record.init),
                            etag: feed.validators.etag, lastModified: feed.validators.lastModified)
        do {
            try JSONEncoder().encode(all).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw ArticleSourceError("cannot keep the feed in \(path): \(error.localizedDescription); check that the data folder is writable")
        }
    }

    private func readAll() -> [String: Entry] {
        guard let data = FileManager.default.contents(atPath: path) else { return [:] }
        return (try? JSONDecoder().decode([String: Entry].self, from: data)) ?? [:]
    }

    /// `etag` and `lastModified` are optional, so a file written before them still reads.
    private struct Entry: Codable {
        let fetched: Double
        let articles: [Record]
        var etag: String?
        var lastModified: String?
    }

    private struct Record: Codable {
        let title, authors, date, website, content, imageUrl: String

        init(_ article: Article) {
            title = article.title
            authors = article.authors
            date = article.date
            website = article.website
            content = article.content
            imageUrl = article.imageURL
        }

        var article: Article {
            Article(title: title, authors: authors, date: date, website: website, content: content, imageURL: imageUrl)
        }
    }
}
