import Foundation
import Testing
import ViperTestSupport
@testable import ArticlesPlugin

/// What the plugin keeps in the data folder: a copy per feed, read state by feed and id (with
/// the link-keyed state of earlier versions moved over, never lost), preferences, and OPML.
@Suite struct ArticleStoreTests {
    private func item(_ id: String, feed: String = "https://a.example/feed", link: String = "", title: String = "T") -> FeedItem {
        FeedItem(feed: feed, id: id, title: title, link: link)
    }

    @Test func aKeptFeedReadsBackInAnotherSession() throws {
        let folder = try TemporaryFolder.make("articles-cache")
        let feed = CachedFeed(document: FeedDocument(title: "A", site: "https://a.example/", items: [item("1"), item("2")]),
                              fetched: 1000, validators: FeedValidators(etag: "\"v1\"", lastModified: nil))
        try FileArticleCache(folder: folder).save(feed, for: "https://a.example/feed")
        #expect(FileArticleCache(folder: folder).feed(for: "https://a.example/feed") == feed)
        #expect(FileArticleCache(folder: folder).about("https://a.example/feed") == CachedFeedAbout(title: "A", fetched: 1000, validators: feed.validators))
        #expect(FileArticleCache(folder: folder).feed(for: "https://b.example/feed") == nil)
    }

    @Test func theSingleCacheFileOfEarlierVersionsStillGivesItsCopies() throws {
        let folder = try TemporaryFolder.make("articles-cache-legacy")
        let old = #"{"https://a.example/feed": {"fetched": 500, "articles": [{"title": "Old", "authors": "Ada", "date": "2026-12-01 08:30", "website": "https://a.example/old", "content": "Text", "imageUrl": ""}]}}"#
        try Data(old.utf8).write(to: URL(fileURLWithPath: folder + "/articles-cache.json"))
        let kept = try #require(FileArticleCache(folder: folder).feed(for: "https://a.example/feed"))
        #expect(kept.fetched == 500)
        #expect(kept.items.map(\.title) == ["Old"])
        #expect(kept.items.first?.published == 1_796_113_800)
        #expect(kept.validators == .none)
        #expect(kept.fromEarlierVersion)
        #expect(FileArticleCache(folder: folder).about("https://a.example/feed") == nil, "so the next open fetches it again")
    }

    @Test func readStateIsKeptByFeedAndId() throws {
        let folder = try TemporaryFolder.make("articles-read")
        let a = item("welcome", feed: "https://a.example/feed", link: "https://a.example/posts/welcome.html")
        let b = item("welcome", feed: "https://b.example/feed", link: "https://b.example/posts/welcome.html")
        try FileReadArticles(folder: folder).markRead([a])
        let later = FileReadArticles(folder: folder)
        #expect(later.isRead(a))
        #expect(!later.isRead(b))
        try later.markUnread([a])
        #expect(!FileReadArticles(folder: folder).isRead(a))
    }

    @Test func linksReadInEarlierVersionsAreMovedOntoTheItemsTheyName() throws {
        let folder = try TemporaryFolder.make("articles-read-legacy")
        try JSONEncoder().encode(["https://a.example/posts/1.html", "/posts/2.html", "Untitled link-less", "https://gone.example/x"])
            .write(to: URL(fileURLWithPath: folder + "/articles-read.json"))
        let read = FileReadArticles(folder: folder)
        let one = item("g1", link: "https://a.example/posts/1.html")
        let two = item("g2", link: "https://a.example/posts/2.html")
        let three = item("g3", title: "Untitled link-less")
        let other = item("g4", link: "https://a.example/posts/4.html")
        #expect(!read.isRead(one))
        try read.migrate([one, two, three, other])
        let later = FileReadArticles(folder: folder)
        #expect([one, two, three, other].map(later.isRead) == [true, true, true, false])
        let file = try JSONDecoder().decode([String: [String]].self, from: try Data(contentsOf: URL(fileURLWithPath: folder + "/articles-read.json")))
        #expect(file["legacy"] == ["https://gone.example/x"], "a link no feed names yet is kept")
    }

    @Test func preferencesReadBackAndADamagedFileGivesTheDefaults() throws {
        let folder = try TemporaryFolder.make("articles-settings")
        try FileFeedSettings(folder: folder).save(FeedPreferences(maxAgeMinutes: 120, sort: .site))
        #expect(FileFeedSettings(folder: folder).preferences() == FeedPreferences(maxAgeMinutes: 120, sort: .site))
        try Data("{".utf8).write(to: URL(fileURLWithPath: folder + "/articles-settings.json"))
        #expect(FileFeedSettings(folder: folder).preferences() == FeedPreferences())
    }

    @Test func opmlReadsEveryOutlineWithAFeedAtAnyDepth() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: BuildProducts.articleFixtures + "/feeds/subscriptions.opml"))
        #expect(try OPML.feeds(from: data, file: "s.opml").map(\.address) ==
                ["https://b.example/blog/feed.xml", "https://atom.example/feed.atom", "https://json.example/site/feed.json"])
    }

    @Test func opmlWrittenReadsBackWithItsTitlesEscaped() throws {
        let feeds = [OPML.Feed(address: "https://a.example/feed?x=1&y=2", title: "A & \"B\" <C>")]
        let text = OPML.document(feeds)
        #expect(try OPML.feeds(from: Data(text.utf8), file: "out.opml") == feeds)
    }

    @Test func aFileThatIsNotOPMLIsRefusedNamingIt() {
        #expect { try OPML.feeds(from: Data("<rss/>".utf8), file: "f.xml") } throws: {
            "\($0)" == "f.xml is XML but not OPML (no <opml> root); export one from your feed reader"
        }
        #expect(throws: ArticleSourceError.self) { try OPML.feeds(from: Data("not xml".utf8), file: "f.txt") }
    }
}
