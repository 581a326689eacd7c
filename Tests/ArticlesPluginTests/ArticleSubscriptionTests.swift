import ConformanceKit
import Contracts
import Foundation
import Testing
import ViperTestSupport
@testable import ArticlesPlugin

/// Subscriptions (`subscribe URL`, `feeds`, `unsubscribe N`) and every feed read into one
/// list, newest first, with a line per feed that failed and its kept copy used.
@Suite struct ArticleSubscriptionTests {
    private func makeInteractor(_ subscriptions: MemoryFeedSubscriptions, fetcher: SpyArticleFetcher = SpyArticleFetcher(),
                                cache: MemoryArticleCache = MemoryArticleCache()) -> (ArticleListInteractor, SpyArticleListOutput) {
        let interactor = ArticleListInteractor(fetcher: fetcher, logger: MemoryLogger(), cache: cache, subscriptions: subscriptions)
        let output = SpyArticleListOutput()
        interactor.output = output
        return (interactor, output)
    }

    @Test func subscribeKeepsAnAddressOnceAndUnsubscribeTakesItsNumber() throws {
        let kept = MemoryFeedSubscriptions()
        let (interactor, output) = makeInteractor(kept)
        try interactor.doSubscribe("https://a.example/rss.xml")
        try interactor.doSubscribe("https://b.example/atom.xml")
        #expect { try interactor.doSubscribe("https://a.example/rss.xml") } throws: {
            "\($0)" == "https://a.example/rss.xml is already subscribed; 'feeds' reads it"
        }
        #expect { try interactor.doSubscribe("") } throws: {
            "\($0)" == "subscribe needs a feed's address, e.g. 'subscribe https://www.swift.org/atom.xml'"
        }
        try interactor.doUnsubscribe(number: 1)
        #expect(kept.kept == ["https://b.example/atom.xml"])
        #expect(output.notices.last == "Unsubscribed from https://a.example/rss.xml.")
        #expect { try interactor.doUnsubscribe(number: 3) } throws: { "\($0)" == "no feed 3; choose 1 to 1" }
    }

    @Test func everyFeedIsReadIntoOneListNewestFirst() throws {
        let fetcher = SpyArticleFetcher()
        fetcher.answer = Data(#"[{"title": "Old", "date": "2026-10-01"}, {"title": "New", "date": "2026-12-01 08:00"}]"#.utf8)
        let (interactor, output) = makeInteractor(MemoryFeedSubscriptions(["https://a.example/", "https://b.example/"]), fetcher: fetcher)
        interactor.doLoadArticles(from: "")
        #expect(fetcher.requested.map(\.absoluteString) == ["https://a.example/", "https://b.example/"])
        #expect(output.loaded.last?.map(\.title) == ["New", "New", "Old", "Old"])
        #expect(output.problems.last == [])
    }

    @Test func aFeedThatFailsGetsALineAndItsKeptCopyIsUsed() throws {
        let fetcher = SpyArticleFetcher()
        fetcher.failure = ArticleSourceError("https://a.example/ answered 500 (Internal Server Error)")
        let cache = MemoryArticleCache()
        try cache.save(CachedFeed(articles: [Article(title: "Kept", date: "2026-11-30")], fetched: 0), for: "https://a.example/")
        let (interactor, output) = makeInteractor(MemoryFeedSubscriptions(["https://a.example/"]), fetcher: fetcher, cache: cache)
        try interactor.doLoadAllFeeds()
        #expect(output.loaded.last?.map(\.title) == ["Kept"])
        #expect(output.problems.last == ["https://a.example/: https://a.example/ answered 500 (Internal Server Error) (showing the kept copy)"])
    }

    @Test func withoutSubscriptionsTheListShowsTheSample() {
        let (interactor, output) = makeInteractor(MemoryFeedSubscriptions())
        interactor.doLoadArticles(from: "")
        #expect(output.loaded.last?.isEmpty == false)
        #expect(output.problems.isEmpty)
    }
}

/// Read and unread: `show N` marks an article read (kept in the data folder), `unread` lists the rest.
@Suite struct ArticleUnreadTests {
    @Test func anArticleShownIsReadAndUnreadListsTheRest() throws {
        let interactor = StubArticleListInteractor()
        interactor.result = .success([Article(title: "A", website: "https://a.example/"), Article(title: "B")])
        let router = SpyArticleListRouter()
        let presenter = ArticleListPresenter(interactor: interactor, router: router)
        let view = SpyArticleListView()
        presenter.view = view
        interactor.output = presenter
        presenter.didAppear()
        try presenter.didSelect(item: 1)
        presenter.didAskForUnread()
        #expect(view.models.last?.state == .list(["B"]))
        #expect(view.models.last?.notice == "1 unread of 2. 'show N' reads one; 'refresh' lists every article again.")
        try presenter.didSelect(item: 1)
        #expect(router.shown.last?.title == "B", "numbers follow the unread list on screen")
    }

    @Test func whatWasReadIsKeptInTheDataFolderByAddressOrTitle() throws {
        let folder = try TemporaryFolder.make("read")
        try FileReadArticles(folder: folder).markRead(ArticleListInteractor.key(of: Article(title: "A", website: "https://a.example/")))
        try FileReadArticles(folder: folder).markRead(ArticleListInteractor.key(of: Article(title: "B")))
        let again = ArticleListInteractor(fetcher: SpyArticleFetcher(), logger: MemoryLogger(), readArticles: FileReadArticles(folder: folder))
        let unread = again.doFindUnread(in: [Article(title: "A again", website: "https://a.example/"), Article(title: "B"), Article(title: "C")])
        #expect(unread.map(\.title) == ["C"])
    }
}

/// Conditional requests: the kept copy's ETag and Last-Modified go with the next fetch, and a
/// `304 Not Modified` answer shows the kept copy as current.
@Suite struct ArticleConditionalFetchTests {
    @Test func theValidatorsOfAGoodFetchAreKeptAndSentNextTime() throws {
        let fetcher = SpyArticleFetcher()
        fetcher.answer = Data(#"[{"title": "A"}]"#.utf8)
        fetcher.validatorsAnswered = FeedValidators(etag: "\"v1\"", lastModified: "Tue, 01 Dec 2026 08:00:00 GMT")
        let cache = MemoryArticleCache()
        let interactor = ArticleListInteractor(fetcher: fetcher, logger: MemoryLogger(), cache: cache,
                                               clock: try FixedClock(iso8601: "2026-12-01T09:00:00Z"))
        interactor.doLoadArticles(from: "https://a.example/feed")
        #expect(cache.feeds["https://a.example/feed"]?.validators.etag == "\"v1\"", "kept even with no output listening")
        interactor.doLoadArticles(from: "https://a.example/feed")
        #expect(fetcher.validatorsSent == [.none, FeedValidators(etag: "\"v1\"", lastModified: "Tue, 01 Dec 2026 08:00:00 GMT")])
    }

    @Test func notModifiedShowsTheKeptCopyAsFetchedNow() throws {
        let fetcher = SpyArticleFetcher()
        fetcher.failure = ArticleFeedNotModified(url: "https://a.example/feed")
        let cache = MemoryArticleCache()
        try cache.save(CachedFeed(articles: [Article(title: "Kept")], fetched: 0, validators: FeedValidators(etag: "\"v1\"")),
                       for: "https://a.example/feed")
        let clock = try FixedClock(iso8601: "2026-12-01T09:00:00Z")
        let interactor = ArticleListInteractor(fetcher: fetcher, logger: MemoryLogger(), cache: cache, clock: clock)
        let output = SpyArticleListOutput()
        interactor.output = output
        interactor.doLoadArticles(from: "https://a.example/feed")
        #expect(output.loaded.last == [Article(title: "Kept")])
        #expect(output.failures.isEmpty)
        #expect(cache.feed(for: "https://a.example/feed") == CachedFeed(articles: [Article(title: "Kept")], fetched: clock.secondsSince1970,
                                                                          validators: FeedValidators(etag: "\"v1\"")))
    }

    @Test func aCacheFileWrittenBeforeValidatorsStillReads() throws {
        let folder = try TemporaryFolder.make("cache")
        try #"{"https://a.example/":{"fetched":7,"articles":[{"title":"T","authors":"","date":"","website":"","content":"","imageUrl":""}]}}"#
            .write(toFile: folder + "/" + FileArticleCache.fileName, atomically: true, encoding: .utf8)
        #expect(FileArticleCache(folder: folder).feed(for: "https://a.example/") == CachedFeed(articles: [Article(title: "T")], fetched: 7))
    }
}
