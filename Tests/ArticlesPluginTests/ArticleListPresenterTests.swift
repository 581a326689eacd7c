import Contracts
import Foundation
import Testing
@testable import ArticlesPlugin

/// What the list shows, as strings: the feeds screen with unread counts, article rows with
/// unread marks and local dates that name their zone, and the article handed to the detail
/// with its links and enclosures under its text.
@Suite struct ArticleListPresenterTests {
    private let a = "https://a.example/feed.xml"
    private let b = "https://b.example/feed.xml"

    private func make(zone: String = "Europe/Berlin", subscriptions: [String]? = nil)
        -> (ArticleListPresenter, SpyArticleListView, SpyArticleListRouter, SpyArticleFetcher) {
        let fetcher = SpyArticleFetcher()
        fetcher.answers[a] = ArticleFixtures.rss("A", [("1", "First of A", "Tue, 01 Dec 2026 08:00:00 GMT"),
                                                        ("2", "Second of A", "Mon, 30 Nov 2026 08:00:00 GMT")])
        fetcher.answers[b] = ArticleFixtures.rss("B", [("1", "Only of B", "not a date")])
        let (interactor, _, _) = ArticleFixtures.interactor(fetcher: fetcher, subscriptions: subscriptions ?? [a, b])
        let router = SpyArticleListRouter()
        let presenter = ArticleListPresenter(interactor: interactor, router: router, timeZoneIdentifier: zone)
        let view = SpyArticleListView()
        interactor.output = presenter
        presenter.view = view
        return (presenter, view, router, fetcher)
    }

    private func rows(_ view: SpyArticleListView) -> [String] {
        if case .list(let rows)? = view.models.last?.state { return rows }
        return []
    }

    @Test func openingWithSubscriptionsShowsEachFeedWithItsUnreadCount() {
        let (presenter, view, _, _) = make()
        presenter.didAppear()
        #expect(rows(view) == ["* A — 2 unread of 2", "* B — 1 unread of 1"])
        #expect(view.models.last?.fields.first == Field("Feeds", "2, 3 unread"))
    }

    @Test func readNOpensFeedNWithLocalDatesNamingTheirZoneAndGarbageAsSent() throws {
        let (presenter, view, _, _) = make()
        presenter.didAppear()
        try presenter.didSelect(item: 1)
        #expect(rows(view) == ["* First of A — 2026-12-01 09:00 CET", "* Second of A — 2026-11-30 09:00 CET"])
        try presenter.didAskForSubscriptions()
        try presenter.didSelect(item: 2)
        #expect(rows(view) == ["* Only of B — not a date"])
    }

    @Test func nextReadsTheUnreadArticlesInTurnFromTheListAndFromTheArticle() throws {
        let (presenter, view, router, _) = make()
        presenter.didAppear()
        try presenter.didAskForSubscriptions()
        #expect { try presenter.didAskForNext() } throws: { ($0 as? CommandError)?.message.hasPrefix("the feeds screen lists feeds") == true }
        try presenter.didAskForAllFeeds()
        try presenter.didAskForNext()
        #expect(router.shown.map(\.title) == ["First of A"])
        // In the article, `next` steps on through the list, marking each read.
        let next = try #require(router.next)
        #expect(next(true)?.title == "Second of A")
        #expect(next(false) == nil, "the one before was read")
        #expect(next(true)?.title == "Only of B")
        #expect(next(true) == nil, "nothing unread is left after it")
        #expect(rows(view).allSatisfy { !$0.hasPrefix("*") }, "every row read: \(rows(view))")
        #expect { try presenter.didAskForNext() } throws: { ($0 as? CommandError)?.message.hasPrefix("every article here is read") == true }
    }

    @Test func aNumberOutOfRangeNamesFeedsOnTheFeedsScreenAndArticlesOnAList() throws {
        let (presenter, _, _, _) = make()
        presenter.didAppear()
        #expect { try presenter.didSelect(item: 9) } throws: { ($0 as? CommandError)?.message == "no feed 9; choose 1 to 2" }
        try presenter.didSelect(item: 1)
        #expect { try presenter.didSelect(item: 9) } throws: { ($0 as? CommandError)?.message == "no article 9; choose 1 to 2" }
    }

    @Test func summerTimeIsNamedAsSuch() throws {
        let (presenter, view, _, fetcher) = make(subscriptions: ["https://a.example/feed.xml"])
        fetcher.answers[a] = ArticleFixtures.rss("A", [("1", "Midsummer", "Sun, 21 Jun 2026 12:00:00 GMT")])
        presenter.didAppear()
        try presenter.didSelect(item: 1)
        #expect(rows(view) == ["* Midsummer — 2026-06-21 14:00 CEST"])
    }

    @Test func showingAnArticleMarksItReadAndHandsOnItsLinksAndEnclosures() throws {
        let (presenter, view, router, fetcher) = make(subscriptions: [a])
        let xml = """
            <rss><channel><title>A</title><link>https://a.example/</link><item><guid>e</guid><title>Episode</title>
            <link>/e.html</link><pubDate>Tue, 01 Dec 2026 08:00:00 GMT</pubDate>
            <description>&lt;p&gt;See &lt;a href="/notes"&gt;notes&lt;/a&gt;.&lt;/p&gt;</description>
            <enclosure url="/e.mp3" type="audio/mpeg" length="2097152"/></item></channel></rss>
            """
        fetcher.answers[a] = Data(xml.utf8)
        presenter.didAppear()
        try presenter.didSelect(item: 1)
        try presenter.didSelect(item: 1)
        #expect(router.shown.last == Article(title: "Episode", authors: "", date: "2026-12-01 09:00 CET", website: "https://a.example/e.html",
                                             content: "See notes [1].\n\nLinks:\n[1] https://a.example/notes\n\nEnclosures:\n- https://a.example/e.mp3 (audio/mpeg, 2.0 MB)",
                                             imageURL: ""))
        try presenter.didAskForSubscriptions()
        #expect(rows(view) == ["  A — 1, all read"])
    }

    @Test func browseOpensThePageAndMarksItRead() throws {
        let (presenter, view, router, _) = make()
        presenter.didAppear()
        try presenter.didSelect(item: 1)
        try presenter.didAskToBrowse(item: 2)
        #expect(router.opened == ["https://a.example/posts/2.html"])
        #expect(rows(view) == ["* First of A — 2026-12-01 09:00 CET", "  Second of A — 2026-11-30 09:00 CET"])
        #expect(view.models.last?.notice == "Opened https://a.example/posts/2.html.")
        try presenter.didAskToMarkUnread(item: 2)
        #expect(rows(view) == ["* First of A — 2026-12-01 09:00 CET", "* Second of A — 2026-11-30 09:00 CET"])
        #expect(view.models.last?.notice == "Marked 'Second of A' unread.")
    }

    @Test func allListsEveryFeedNewestFirstNamingTheSite() throws {
        let (presenter, view, _, _) = make(zone: "UTC")
        presenter.didAppear()
        try presenter.didAskForAllFeeds()
        #expect(rows(view) == ["* First of A — 2026-12-01 08:00 UTC · A", "* Second of A — 2026-11-30 08:00 UTC · A",
                               "* Only of B — not a date · B"])
    }

    @Test func markReadOnTheFeedsScreenTakesAFeedAndAllTakesEveryFeed() throws {
        let (presenter, view, _, _) = make()
        presenter.didAppear()
        try presenter.didAskToMarkRead("2")
        #expect(rows(view) == ["* A — 2 unread of 2", "  B — 1, all read"])
        #expect(view.models.last?.notice == "Marked 1 article of B read.")
        try presenter.didAskToMarkRead("all")
        #expect(rows(view) == ["  A — 2, all read", "  B — 1, all read"])
        #expect { try presenter.didAskToMarkRead("") } throws: { ($0 as? CommandError)?.message.hasPrefix("on the feeds screen say which") == true }
        #expect { try presenter.didAskToMarkRead("9") } throws: { ($0 as? CommandError)?.message == "no feed 9; choose 1 to 2" }
    }

    @Test func findAndUnreadSayWhatTheyShowAndFindAloneShowsAllAgain() throws {
        let (presenter, view, _, _) = make(zone: "UTC")
        presenter.didAppear()
        try presenter.didAskToFind(["second"])
        #expect(rows(view) == ["* Second of A — 2026-11-30 08:00 UTC · A"])
        #expect(view.models.last?.fields.contains(Field("Showing", "holding 'second' ('refresh' or 'find' alone shows every article)")) == true)
        try presenter.didAskToFind(["nothing-like-it"])
        #expect(view.models.last?.state == .empty("No article holds 'nothing-like-it'. 'find' alone shows them all again."))
        try presenter.didAskToFind([])
        #expect(rows(view).count == 3)
        try presenter.didAskToFind(["of a"])
        #expect(rows(view).count == 2, "a quoted phrase is one word")
    }

    @Test func aFailedRefreshShowsItsLineAndFailsTheCommand() throws {
        let (presenter, view, _, fetcher) = make()
        presenter.didAppear()
        fetcher.failures[b] = ArticleSourceError("cannot reach \(b): refused; check the URL and that the server is running")
        #expect { try presenter.didAskToRefresh() } throws: {
            ($0 as? CommandError)?.message == "refresh: a feed failed: cannot reach \(b): refused; check the URL and that the server is running (showing the kept copy); the rest are up to date"
        }
        #expect(view.models.last?.problems == ["cannot reach \(b): refused; check the URL and that the server is running (showing the kept copy)"])
        #expect(rows(view).count == 2)
    }

    @Test func progressLinesNameTheFeed() throws {
        let (presenter, view, _, _) = make()
        presenter.didAppear()
        #expect(view.progress == ["fetched A: 2 articles (1 of 2)", "fetched B: 1 article (2 of 2)"])
    }

    @Test func aSingleSourceThatFailsOnRefreshKeepsItsListWithTheErrorAboveIt() throws {
        let (presenter, view, _, fetcher) = make(zone: "UTC", subscriptions: [])
        presenter.useSource(a)
        presenter.didAppear()
        #expect(rows(view) == ["* First of A — 2026-12-01 08:00 UTC", "* Second of A — 2026-11-30 08:00 UTC"])
        fetcher.failures[a] = ArticleSourceError("\(a) answered 500 (Internal Server Error); try 'refresh' later or another source")
        try presenter.didAskToRefresh()
        #expect(rows(view).count == 2)
        #expect(view.models.last?.error == "refresh failed: \(a) answered 500 (Internal Server Error); try 'refresh' later or another source")
        #expect(view.models.last?.fields.contains(Field("Source", a)) == true)
    }

    @Test func aStillLoadingSourceSaysSoAndCancelPutsTheListBack() throws {
        let (presenter, view, _, fetcher) = make(zone: "UTC", subscriptions: [])
        presenter.didAppear()
        fetcher.holdsAnswers = true
        presenter.didChooseSource(a)
        #expect(view.models.last?.notice == "Still fetching \(a): type 'cancel' to stop it; the list updates after your next command.")
        try presenter.didAskToCancel()
        #expect(view.models.last?.notice == "Stopped fetching \(a); the list is as it was.")
        #expect(rows(view).count == 4, "the sample is still there")
        #expect { try presenter.didAskToCancel() } throws: { ($0 as? CommandError)?.message == "nothing is being fetched; 'refresh' fetches the list again" }
    }

    @Test func withoutSubscriptionsTheSampleIsShownAndNumbersOutOfRangeAreRefused() throws {
        let (presenter, view, _, _) = make(zone: "UTC", subscriptions: [])
        presenter.didAppear()
        #expect(rows(view).last == "* VIPER in five roles — viper sample, 2026-11-02")
        #expect { try presenter.didSelect(item: 9) } throws: { ($0 as? CommandError)?.message == "no article 9; choose 1 to 4" }
    }
}
