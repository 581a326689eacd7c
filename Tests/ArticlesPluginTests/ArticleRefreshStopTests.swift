import ConformanceKit
import Contracts
import Foundation
import Testing
@testable import ArticlesPlugin

/// Ctrl-C during a refresh of every feed stops the whole refresh, not one feed: the rest of
/// its group is cancelled, no later group starts, and each feed not fetched shows its kept copy.
@Suite struct ArticleRefreshStopTests {
    private let addresses = (1...6).map { "https://f\($0).example/" }

    @Test func ctrlCStopsEveryFeedLeftAndSaysHowManyWereNotFetched() throws {
        let fetcher = SpyArticleFetcher()
        fetcher.failure = ArticleFetchCancelled(url: addresses[0])  // what a wait throws after Ctrl-C
        let cache = MemoryArticleCache()
        try cache.save(CachedFeed(articles: [Article(title: "Kept 2", date: "2026-11-30")], fetched: 0), for: addresses[1])
        try cache.save(CachedFeed(articles: [Article(title: "Kept 6", date: "2026-11-29")], fetched: 0), for: addresses[5])
        let interactor = ArticleListInteractor(fetcher: fetcher, logger: MemoryLogger(), cache: cache,
                                               subscriptions: MemoryFeedSubscriptions(addresses))
        let output = SpyArticleListOutput()
        interactor.output = output
        try interactor.doLoadAllFeeds()
        #expect(fetcher.requested.count == 4, "the second group never started")
        #expect(fetcher.fetches.map(\.waits.count) == [1, 0, 0, 0], "only the first feed was waited for")
        #expect(fetcher.fetches.map(\.cancelled) == [false, true, true, true], "the rest of the group was cancelled")
        #expect(output.loaded.last?.map(\.title) == ["Kept 2", "Kept 6"])
        #expect(output.problems.last == ["stopped (Ctrl-C): 6 of 6 feeds were not fetched; their kept copies are shown"])
    }

    @Test func aRefreshNobodyStoppedSaysNothingAboutStopping() throws {
        let fetcher = SpyArticleFetcher()
        let interactor = ArticleListInteractor(fetcher: fetcher, logger: MemoryLogger(), cache: MemoryArticleCache(),
                                               subscriptions: MemoryFeedSubscriptions(addresses))
        let output = SpyArticleListOutput()
        interactor.output = output
        try interactor.doLoadAllFeeds()
        #expect(fetcher.requested.count == 6)
        #expect(output.problems.last == [])
    }
}
