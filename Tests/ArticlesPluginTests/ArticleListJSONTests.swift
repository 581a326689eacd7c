import ConformanceKit
import Contracts
import Foundation
import Testing
@testable import ArticlesPlugin

/// The lists as data (`viper --json`): the feeds screen and each list of articles (a feed's,
/// `all`, `unread`, `find`) become one line of JSON in the view model, every key present, links
/// absolute and dates ISO 8601 with the zone's offset; the view draws that line and nothing else.
@Suite struct ArticleListJSONTests {
    private let a = "https://a.example/feed.xml"
    private let b = "https://b.example/feed.xml"

    private func make(json: Bool = true, subscriptions: [String]? = nil) -> (ArticleListPresenter, SpyArticleListView) {
        let fetcher = SpyArticleFetcher()
        let xml = """
            <rss><channel><title>A</title><link>https://a.example/</link>
            <item><guid>1</guid><title>First of A</title><link>/posts/1.html</link><author>ada@a.example (Ada)</author>
            <pubDate>Tue, 01 Dec 2026 08:00:00 GMT</pubDate><description>Swift news</description>
            <enclosure url="/e.mp3" type="audio/mpeg" length="2097152"/></item>
            <item><guid>2</guid><title>Second of A</title><link>/posts/2.html</link>
            <pubDate>Mon, 30 Nov 2026 08:00:00 GMT</pubDate><description>Other news</description></item>
            </channel></rss>
            """
        fetcher.answers[a] = Data(xml.utf8)
        fetcher.answers[b] = ArticleFixtures.rss("B", [("1", "Only of B", "not a date")])
        let (interactor, _, _) = ArticleFixtures.interactor(fetcher: fetcher, subscriptions: subscriptions ?? [a, b])
        let presenter = ArticleListPresenter(interactor: interactor, router: SpyArticleListRouter(), timeZoneIdentifier: "Europe/Berlin", json: json)
        let view = SpyArticleListView()
        interactor.output = presenter
        presenter.view = view
        return (presenter, view)
    }

    private func objects(_ view: SpyArticleListView) throws -> [[String: Any]] {
        let text = try #require(view.models.last?.json)
        #expect(!text.contains("\n"), "one line")
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    @Test func theFeedsScreenIsEachFeedWithItsCountsAndWhenItWasFetched() throws {
        let (presenter, view) = make()
        presenter.didAppear()
        let feeds = try objects(view)
        #expect(feeds.map { $0["number"] as? Int } == [1, 2])
        #expect(feeds.map { $0["title"] as? String } == ["A", "B"])
        #expect(feeds.map { $0["url"] as? String } == [a, b])
        #expect(feeds.map { $0["unread"] as? Int } == [2, 1])
        #expect(feeds.map { $0["total"] as? Int } == [2, 1])
        // Fetched at the fixed clock, 2026-12-01 09:00 UTC, said in Berlin's time.
        #expect(feeds.map { $0["lastFetched"] as? String } == ["2026-12-01T10:00:00+01:00", "2026-12-01T10:00:00+01:00"])
        #expect(feeds.allSatisfy { Set($0.keys) == ["number", "title", "url", "unread", "total", "lastFetched"] })
    }

    @Test func aFeedsArticlesHaveEveryKeyWithResolvedLinksOffsetDatesAndEnclosures() throws {
        let (presenter, view) = make()
        presenter.didAppear()
        try presenter.didSelect(item: 1)
        let articles = try objects(view)
        let keys: Set<String> = ["number", "feed", "site", "title", "link", "author", "published", "read", "enclosures"]
        #expect(articles.allSatisfy { Set($0.keys) == keys })
        let first = try #require(articles.first)
        #expect(first["number"] as? Int == 1)
        #expect(first["feed"] as? String == a)
        #expect(first["site"] as? String == "A")
        #expect(first["title"] as? String == "First of A")
        #expect(first["link"] as? String == "https://a.example/posts/1.html")
        #expect(first["author"] as? String == "Ada")
        #expect(first["published"] as? String == "2026-12-01T09:00:00+01:00")
        #expect(first["read"] as? Bool == false)
        let enclosures = try #require(first["enclosures"] as? [[String: Any]])
        #expect(enclosures.count == 1)
        #expect(enclosures.first?["url"] as? String == "https://a.example/e.mp3")
        #expect(enclosures.first?["type"] as? String == "audio/mpeg")
        #expect(enclosures.first?["length"] as? Int == 2_097_152)
        let second = try #require(articles.last)
        #expect(second["author"] is NSNull)
        #expect((second["enclosures"] as? [Any])?.isEmpty == true)

        try presenter.didAskForSubscriptions()
        try presenter.didSelect(item: 2)
        #expect(try objects(view).first?["published"] is NSNull, "a date the feed wrote as garbage is null")
    }

    @Test func allUnreadAndFindAreListsOfArticlesToo() throws {
        let (presenter, view) = make()
        presenter.didAppear()
        try presenter.didAskForAllFeeds()
        #expect(try objects(view).map { $0["title"] as? String } == ["First of A", "Second of A", "Only of B"])
        #expect(try objects(view).map { $0["feed"] as? String } == [a, a, b])
        try presenter.didAskToMarkRead("1")
        #expect(try objects(view).map { $0["read"] as? Bool } == [true, false, false])
        presenter.didAskForUnread()
        #expect(try objects(view).map { $0["number"] as? Int } == [1, 2])
        #expect(try objects(view).map { $0["title"] as? String } == ["Second of A", "Only of B"])
        try presenter.didAskToFind(["swift"])
        #expect(try objects(view).map { $0["title"] as? String } == [], "unread and holding 'swift': none")
        try presenter.didAskForAllFeeds()
        try presenter.didAskToFind(["swift"])
        #expect(try objects(view).map { $0["title"] as? String } == ["First of A"])
    }

    @Test func aDayAloneStaysADayAndTheSampleHasNoFeedAddress() throws {
        let (presenter, view) = make(subscriptions: [])
        presenter.didAppear()
        let articles = try objects(view)
        #expect(articles.last?["title"] as? String == "VIPER in five roles")
        #expect(articles.last?["published"] as? String == "2026-11-02", "no time of day to put in Berlin's zone")
        #expect(articles.allSatisfy { $0["feed"] is NSNull })
    }

    @Test func theViewDrawsTheJSONLineAloneAndTheScreenOtherwise() throws {
        let (presenter, view) = make()
        presenter.didAppear()
        let model = try #require(view.models.last)
        let listView = ArticleListView(presenter: presenter)
        listView.didUpdate(model)
        let screen = SpyScreen()
        listView.render(on: screen)
        #expect(screen.calls == [.text(try #require(model.json))])

        let (plain, plainView) = make(json: false)
        plain.didAppear()
        #expect(plainView.models.last?.json == nil)
        #expect(plainView.models.last?.state == .list(["* A — 2 unread of 2", "* B — 1 unread of 1"]))
    }
}
