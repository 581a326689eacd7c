import ConformanceKit
import Contracts
import Foundation
import Testing
import ViperTestSupport
@testable import ArticlesPlugin

/// The Interactor keeps each source's last good feed (time from the pinned clock)
/// and hands it back when a fetch fails or is stopped; the file cache round-trips.
@Suite struct ArticleListCacheTests {
    private let url = "https://feeds.example.test/a.json"

    private func makeInteractor(_ fetcher: SpyArticleFetcher, _ cache: any ArticleCaching) throws -> (ArticleListInteractor, SpyArticleListOutput) {
        let interactor = ArticleListInteractor(fetcher: fetcher, logger: MemoryLogger(), cache: cache,
                                               clock: try FixedClock(iso8601: "2026-12-01T09:00:00Z"))
        let output = SpyArticleListOutput()
        interactor.output = output
        return (interactor, output)
    }

    @Test func aGoodFetchIsKeptWithTheTimeItWasFetched() throws {
        let fetcher = SpyArticleFetcher()
        fetcher.answer = Data(#"[{"title": "One", "imageUrl": "http://x.test/1.png"}]"#.utf8)
        let cache = MemoryArticleCache()
        let (interactor, output) = try makeInteractor(fetcher, cache)
        interactor.doLoadArticles(from: url)
        #expect(output.fetchedTimes == [1_796_115_600])
        #expect(cache.feeds[url]?.articles.first?.imageURL == "http://x.test/1.png")
    }

    @Test func aFailedFetchHandsBackTheKeptFeed() throws {
        let fetcher = SpyArticleFetcher()
        let cache = MemoryArticleCache()
        try cache.save(CachedFeed(articles: [Article(title: "Kept")], fetched: 42), for: url)
        fetcher.failure = ArticleSourceError("cannot reach \(url)")
        let (interactor, output) = try makeInteractor(fetcher, cache)
        interactor.doLoadArticles(from: url)
        #expect(output.failures == ["cannot reach \(url)"])
        #expect(output.lastGood == [CachedFeed(articles: [Article(title: "Kept")], fetched: 42)])
    }

    @Test func aStoppedFetchIsReportedAsStoppedNotFailed() throws {
        let fetcher = SpyArticleFetcher()
        fetcher.failure = ArticleFetchCancelled(url: url)
        let (interactor, output) = try makeInteractor(fetcher, MemoryArticleCache())
        interactor.doLoadArticles(from: url)
        #expect(output.cancelled == [url])
        #expect(output.failures.isEmpty)
    }

    @Test func theFileCacheKeepsFeedsAcrossInstancesAndShrugsOffADamagedFile() throws {
        let folder = try TemporaryFolder.make("articles-cache")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let article = Article(title: "T", authors: "A", date: "D", website: "W", content: "C", imageURL: "I")
        try FileArticleCache(folder: folder).save(CachedFeed(articles: [article], fetched: 7), for: url)
        #expect(FileArticleCache(folder: folder).feed(for: url) == CachedFeed(articles: [article], fetched: 7))
        #expect(FileArticleCache(folder: folder).feed(for: "other") == nil)
        try Data("not json".utf8).write(to: URL(fileURLWithPath: folder + "/articles-cache.json"))
        #expect(FileArticleCache(folder: folder).feed(for: url) == nil)
    }
}
