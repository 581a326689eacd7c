import Contracts
import Foundation

/// The last good copy of a feed, as kept on disk.
struct CachedFeed: Equatable {
    var document: FeedDocument
    /// When it was fetched, in seconds since 1970 (from the injected clock).
    var fetched: Double
    /// What the server said identifies this version, for the next conditional fetch.
    var validators = FeedValidators.none
    /// Kept by an earlier version (`articles-cache.json`): its items have no feed ids and their
    /// links were never resolved, so it is fetched again on the next open and read state is
    /// never moved onto it.
    var fromEarlierVersion = false

    var items: [FeedItem] { document.items }
}

/// What is known of a kept copy without its items: enough to decide whether to fetch again
/// and to ask conditionally.
struct CachedFeedAbout: Equatable {
    var title: String
    var fetched: Double
    var validators: FeedValidators
}

/// Keeps the last good copy of each feed, so a list opens without the network and shows
/// something when a source cannot be reached. The Interactor depends on this, not on the files.
protocol ArticleCaching: AnyObject {
    func feed(for source: String) -> CachedFeed?
    /// The kept copy's title, time and validators, without reading its items.
    func about(_ source: String) -> CachedFeedAbout?
    func save(_ feed: CachedFeed, for source: String) throws
}

/// ``ArticleCaching`` in `articles-cache/` in the data folder: one JSON file per feed, named by a
/// hash of its address (the address is inside), so a refresh rewrites only the feeds that
/// changed, and beside it a small `.about.json` (title, time, validators), so deciding whether
/// to fetch never reads the items. Each file is read once per session and then held. A damaged file reads as no copy
/// (it holds nothing that cannot be fetched again). The single `articles-cache.json` of earlier
/// versions is still read for a feed that has no file yet (its copies, not lost, are used).
final class FileArticleCache: ArticleCaching {
    static let folderName = "articles-cache"
    static let legacyFileName = "articles-cache.json"
    let folder: String
    let legacyPath: String
    private var held: [String: CachedFeed?] = [:]
    private var heldAbout: [String: CachedFeedAbout?] = [:]
    private var legacy: [String: LegacyEntry]?

    nonisolated(unsafe) private static var sessions: [String: FileArticleCache] = [:]
    private static let sessionsLock = NSLock()

    /// The cache of `folder` for this session: every list module opened on it shares what was
    /// read and written (the shell runs one module's command at a time, on one thread).
    static func shared(folder: String) -> FileArticleCache {
        sessionsLock.withLock {
            if let known = sessions[folder] { return known }
            let cache = FileArticleCache(folder: folder)
            sessions[folder] = cache
            return cache
        }
    }

    init(folder: String) {
        self.folder = (folder as NSString).appendingPathComponent(Self.folderName)
        legacyPath = (folder as NSString).appendingPathComponent(Self.legacyFileName)
    }

    func feed(for source: String) -> CachedFeed? {
        if let known = held[source] { return known }
        let found = read(source) ?? legacyFeed(source)
        held[source] = found
        return found
    }

    func about(_ source: String) -> CachedFeedAbout? {
        if let known = heldAbout[source] { return known }
        let path = self.path(of: source).replacingOccurrences(of: ".json", with: ".about.json")
        var found = FileManager.default.contents(atPath: path).flatMap { try? JSONDecoder().decode(About.self, from: $0) }
            .flatMap { $0.address == source ? CachedFeedAbout(title: $0.title, fetched: $0.fetched,
                                                              validators: FeedValidators(etag: $0.etag, lastModified: $0.lastModified)) : nil }
        if found == nil, let feed = feed(for: source), !feed.fromEarlierVersion {
            // A copy kept before the about files: its items say it.
            found = CachedFeedAbout(title: feed.document.title, fetched: feed.fetched, validators: feed.validators)
        }
        heldAbout[source] = found
        return found
    }

    func save(_ feed: CachedFeed, for source: String) throws {
        let entry = Entry(address: source, title: feed.document.title, site: feed.document.site, fetched: feed.fetched,
                          etag: feed.validators.etag, lastModified: feed.validators.lastModified, items: feed.items)
        let about = About(address: source, title: feed.document.title, fetched: feed.fetched,
                          etag: feed.validators.etag, lastModified: feed.validators.lastModified)
        let path = self.path(of: source)
        // The same items as the copy on disk (a 304, a file read again): only the time changes.
        let unchanged = (held[source] ?? nil).map { !$0.fromEarlierVersion && $0.document == feed.document } ?? false
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            if !unchanged {
                try JSONEncoder().encode(entry).write(to: URL(fileURLWithPath: path), options: .atomic)
            }
            try JSONEncoder().encode(about).write(to: URL(fileURLWithPath: path.replacingOccurrences(of: ".json", with: ".about.json")),
                                                  options: .atomic)
        } catch {
            throw ArticleSourceError("cannot keep the feed in \(folder): \(error.localizedDescription); check that the data folder is writable")
        }
        held[source] = feed
        heldAbout[source] = CachedFeedAbout(title: feed.document.title, fetched: feed.fetched, validators: feed.validators)
    }

    /// The file of `source`: an FNV-1a hash of its address, in hex.
    func path(of source: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in source.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return (folder as NSString).appendingPathComponent(String(hash, radix: 16) + ".json")
    }

    private func read(_ source: String) -> CachedFeed? {
        guard let data = FileManager.default.contents(atPath: path(of: source)),
              let entry = try? JSONDecoder().decode(Entry.self, from: data), entry.address == source else { return nil }
        return CachedFeed(document: FeedDocument(title: entry.title, site: entry.site, items: entry.items), fetched: entry.fetched,
                          validators: FeedValidators(etag: entry.etag, lastModified: entry.lastModified))
    }

    private func legacyFeed(_ source: String) -> CachedFeed? {
        if legacy == nil {
            legacy = FileManager.default.contents(atPath: legacyPath).flatMap { try? JSONDecoder().decode([String: LegacyEntry].self, from: $0) } ?? [:]
        }
        guard let entry = legacy?[source] else { return nil }
        let site = URL(string: source)?.host ?? source
        let items = entry.articles.map { record in
            FeedItem(feed: source, id: record.website.isEmpty ? record.title + " " + record.date : record.website, title: record.title,
                     author: record.authors, link: record.website, published: FeedDate.instant(record.date), dateText: record.date,
                     text: record.content, image: record.imageUrl, site: site)
        }
        // Without validators: the first fetch after an update is a whole one, so ids and links come from the feed.
        return CachedFeed(document: FeedDocument(title: site, site: "", items: items), fetched: entry.fetched, fromEarlierVersion: true)
    }

    private struct Entry: Codable {
        let address: String
        let title: String
        let site: String
        let fetched: Double
        var etag: String?
        var lastModified: String?
        let items: [FeedItem]
    }

    private struct About: Codable {
        let address: String
        let title: String
        let fetched: Double
        var etag: String?
        var lastModified: String?
    }

    /// A source's entry in `articles-cache.json`.
    private struct LegacyEntry: Decodable {
        let fetched: Double
        let articles: [LegacyRecord]
    }

    private struct LegacyRecord: Decodable {
        let title, authors, date, website, content, imageUrl: String
    }
}
