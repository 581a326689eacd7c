import Contracts
import Foundation
import Testing
import ViperTestSupport
@testable import ArticlesPlugin

/// The list's rules: what is fetched when, what counts as read, how items are found and
/// ordered, and what may be subscribed to.
@Suite struct ArticleListInteractorTests {
    private let a = "https://a.example/feed.xml"
    private let b = "https://b.example/feed.xml"

    private func fetcher() -> SpyArticleFetcher {
        let fetcher = SpyArticleFetcher()
        fetcher.answers[a] = ArticleFixtures.rss("A", [("1", "First of A", "Tue, 01 Dec 2026 08:00:00 GMT"),
                                                        ("2", "Second of A", "Mon, 30 Nov 2026 08:00:00 GMT")])
        fetcher.answers[b] = ArticleFixtures.rss("B", [("1", "Zebra of B", "garbage"), ("2", "Apple of B", "Tue, 01 Dec 2026 07:00:00 GMT")])
        return fetcher
    }

    @Test func openingFetchesOnlyTheFeedsOlderThanTheMaximumAge() throws {
        let spy = fetcher()
        let (interactor, clock, _) = ArticleFixtures.interactor(fetcher: spy, subscriptions: [a, b])
        try interactor.doRefreshFeeds(only: nil, force: false)
        #expect(spy.requestedAddresses == [a, b])
        clock.secondsSince1970 += 29 * 60
        try interactor.doRefreshFeeds(only: nil, force: false)
        #expect(spy.requestedAddresses.count == 2, "within 30 minutes nothing is fetched")
        clock.secondsSince1970 += 60
        try interactor.doRefreshFeeds(only: nil, force: false)
        #expect(spy.requestedAddresses == [a, b, a, b])
    }

    @Test func refreshFetchesWhateverTheAgeAndAMaxAgeOfZeroFetchesEveryTime() throws {
        let spy = fetcher()
        let (interactor, _, _) = ArticleFixtures.interactor(fetcher: spy, subscriptions: [a, b])
        try interactor.doRefreshFeeds(only: nil, force: false)
        try interactor.doRefreshFeeds(only: a, force: true)
        #expect(spy.requestedAddresses == [a, b, a])
        #expect(try interactor.doSetMaxAge("0") == 0)
        try interactor.doRefreshFeeds(only: nil, force: false)
        #expect(spy.requestedAddresses == [a, b, a, a, b])
    }

    @Test func maxAgeReadsMinutesHoursAndDaysAndRefusesTheRest() throws {
        let (interactor, _, _) = ArticleFixtures.interactor(fetcher: fetcher())
        #expect(try interactor.doSetMaxAge("45") == 45)
        #expect(try interactor.doSetMaxAge("2h") == 120)
        #expect(try interactor.doSetMaxAge("1d") == 1440)
        #expect(interactor.maxAgeMinutes == 1440)
        #expect { try interactor.doSetMaxAge("soon") } throws: { ($0 as? CommandError)?.message.hasPrefix("'soon' is not an age;") == true }
        #expect(interactor.maxAgeMinutes == 1440)
    }

    @Test func aFailedFeedIsNamedAndTheOthersStillKeptAndEachEndIsReportedByName() throws {
        let spy = fetcher()
        spy.failures[b] = ArticleSourceError("\(b) answered 404 (not found); try 'refresh' later or another source")
        let (interactor, _, _) = ArticleFixtures.interactor(fetcher: spy, subscriptions: [a, b])
        let output = SpyArticleListOutput()
        interactor.output = output
        let problems = try interactor.doRefreshFeeds(only: nil, force: true).failures
        #expect(problems == ["\(b) answered 404 (not found); try 'refresh' later or another source"])
        #expect(output.progress.map(\.feed) == ["A", "b.example"])
        #expect(output.progress.map(\.done) == [1, 2])
        #expect(try interactor.doSummarizeFeeds().map(\.total) == [2, 0])
    }

    @Test func ctrlCStopsTheRefreshAndSaysHowManyFeedsWereNotFetched() throws {
        let spy = fetcher()
        spy.holdsAnswers = true
        spy.onWait = .interrupted
        let (interactor, _, _) = ArticleFixtures.interactor(fetcher: spy, subscriptions: [a, b])
        let outcome = try interactor.doRefreshFeeds(only: nil, force: true)
        #expect(outcome == RefreshOutcome(failures: [], stopped: "stopped (Ctrl-C): 2 of 2 feeds were not fetched; their kept copies are shown"))
        #expect(spy.fetches.allSatisfy { $0.cancelled })
    }

    @Test func aFeedThatNeverAnswersIsGivenUpAfterTheWaitWithItsLine() throws {
        let spy = fetcher()
        spy.holdsAnswers = true
        let (interactor, _, _) = ArticleFixtures.interactor(fetcher: spy, subscriptions: [a])
        let problems = try interactor.doRefreshFeeds(only: nil, force: true).failures
        #expect(problems == ["\(a) did not answer within 11 s; try 'refresh' later"])
        #expect(spy.waits == [FeedRefresh.wait])
    }

    @Test func atMostFourFeedsAreFetchedAtOnce() throws {
        let spy = fetcher()
        spy.holdsAnswers = true
        let feeds = (1...6).map { "https://f\($0).example/feed" }
        let (interactor, _, _) = ArticleFixtures.interactor(fetcher: spy, subscriptions: feeds)
        _ = try interactor.doRefreshFeeds(only: nil, force: true)
        // The first wait came with four fetches started; the two others after they were given up.
        #expect(spy.requestedAddresses == feeds)
        #expect(spy.waits.count == 2)
    }

    @Test func readStateIsPerFeedAndItemNotPerLinkOrTitle() throws {
        let spy = fetcher()
        let (interactor, _, _) = ArticleFixtures.interactor(fetcher: spy, subscriptions: [a, b])
        try interactor.doRefreshFeeds(only: nil, force: true)
        let firstOfA = try #require(try interactor.doList(.feed(a), filter: ArticleFilter()).first { $0.item.id == "1" })
        interactor.doMarkRead([firstOfA.item])
        let unread = try interactor.doList(.allFeeds, filter: ArticleFilter(unreadOnly: true)).map(\.item.title)
        #expect(unread.sorted() == ["Apple of B", "Second of A", "Zebra of B"], "B's item 1 is another item")
        #expect(try interactor.doSummarizeFeeds().map(\.unread) == [1, 2])
    }

    @Test func markAllReadMarksOneFeedOrEveryFeed() throws {
        let (interactor, _, _) = ArticleFixtures.interactor(fetcher: fetcher(), subscriptions: [a, b])
        try interactor.doRefreshFeeds(only: nil, force: true)
        #expect(try interactor.doMarkAllRead(in: .feed(b)) == 2)
        #expect(try interactor.doSummarizeFeeds().map(\.unread) == [2, 0])
        #expect(try interactor.doMarkAllRead(in: .allFeeds) == 2)
        #expect(try interactor.doSummarizeFeeds().map(\.unread) == [0, 0])
    }

    @Test func itemsAreNewestFirstWithAnUnreadableDateLast() throws {
        let (interactor, _, _) = ArticleFixtures.interactor(fetcher: fetcher(), subscriptions: [a, b])
        try interactor.doRefreshFeeds(only: nil, force: true)
        #expect(try interactor.doList(.allFeeds, filter: ArticleFilter()).map(\.item.title) ==
                ["First of A", "Apple of B", "Second of A", "Zebra of B"])
    }

    @Test func sortByTitleAuthorAndSiteIsKeptAcrossSessions() throws {
        let settings = MemoryFeedSettings()
        let (interactor, _, _) = ArticleFixtures.interactor(fetcher: fetcher(), subscriptions: [a, b], settings: settings)
        try interactor.doRefreshFeeds(only: nil, force: true)
        #expect(try interactor.doSetSort("title") == .title)
        #expect(try interactor.doList(.allFeeds, filter: ArticleFilter()).map(\.item.title) ==
                ["Apple of B", "First of A", "Second of A", "Zebra of B"])
        _ = try interactor.doSetSort("site")
        #expect(try interactor.doList(.allFeeds, filter: ArticleFilter()).map(\.item.site) == ["A", "A", "B", "B"])
        #expect(settings.kept.sort == .site)
        #expect { try interactor.doSetSort("colour") } throws: { ($0 as? CommandError)?.message.contains("'sort date'") == true }
    }

    @Test func findMatchesEveryWordInTitlesAndTextIgnoringCaseAndAccents() throws {
        let spy = fetcher()
        spy.answers[a] = ArticleFixtures.rss("A", [("1", "Café opens", "Tue, 01 Dec 2026 08:00:00 GMT"),
                                                    ("2", "Bakery", "Tue, 01 Dec 2026 07:00:00 GMT")], text: "early morning")
        let (interactor, _, _) = ArticleFixtures.interactor(fetcher: spy, subscriptions: [a])
        try interactor.doRefreshFeeds(only: nil, force: true)
        #expect(try interactor.doList(.allFeeds, filter: ArticleFilter(words: ["cafe"])).map(\.item.title) == ["Café opens"])
        #expect(try interactor.doList(.allFeeds, filter: ArticleFilter(words: ["MORNING", "bakery"])).map(\.item.title) == ["Bakery"])
        #expect(try interactor.doList(.allFeeds, filter: ArticleFilter(words: ["morning", "nowhere"])).isEmpty)
    }

    @Test func subscribeFetchesOnceAndKeepsOnlyAFeed() throws {
        let spy = fetcher()
        let (interactor, _, kept) = ArticleFixtures.interactor(fetcher: spy)
        try interactor.doSubscribe(a)
        #expect(kept.kept == [a])
        #expect(spy.requestedAddresses == [a])
        #expect(try interactor.doSummarizeFeeds().first?.title == "A")
        let page = "https://blog.example/"
        spy.answers[page] = Data("<!DOCTYPE html><html><body>hi</body></html>".utf8)
        #expect { try interactor.doSubscribe(page) } throws: {
            ($0 as? CommandError)?.message == "cannot subscribe: \(page) is a web page, not a feed; give the feed's own address (often ending in /feed, /rss or .xml); nothing was subscribed"
        }
        spy.failures[b] = ArticleSourceError("\(b) answered 404 (Not Found); try 'refresh' later or another source")
        #expect { try interactor.doSubscribe(b) } throws: { ($0 as? CommandError)?.message.hasPrefix("cannot subscribe to \(b): \(b) answered 404") == true }
        #expect { try interactor.doSubscribe(a) } throws: { ($0 as? CommandError)?.message == "\(a) is already subscribed; 'feeds' lists it" }
        #expect(kept.kept == [a])
    }

    @Test func importAddsTheNewFeedsOfAnOPMLFileAndExportWritesThemWithoutOverwriting() throws {
        let folder = NSTemporaryDirectory() + "opml-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let (interactor, _, kept) = ArticleFixtures.interactor(fetcher: fetcher(), subscriptions: ["https://json.example/site/feed.json"])
        let opml = BuildProducts.articleFixtures + "/feeds/subscriptions.opml"
        let result = try interactor.doImport(opml)
        #expect(result.added == 2 && result.known == 1)
        #expect(kept.kept.count == 3)
        #expect(try interactor.doSummarizeFeeds().map(\.title) == ["json.example", "Site B", "Atom"], "named as the file names them until fetched")
        #expect(try interactor.doExport(folder + "/out.opml") == 3)
        #expect { try interactor.doExport(folder + "/out.opml") } throws: { ($0 as? CommandError)?.message.hasSuffix("exists; nothing was written (choose a new name, or move it away first)") == true }
        #expect { try interactor.doImport(folder + "/missing.opml") } throws: { ($0 as? CommandError)?.message.hasPrefix("cannot read") == true }
        #expect(kept.kept.count == 3)
    }

    @Test func importReadsNewsboatsURLsFileAndNamesWhatItCannotFetch() throws {
        let file = NSTemporaryDirectory() + "urls-\(UUID().uuidString)"
        try "https://a.example/feed.xml \"~Site A\"\n\"query:Unread:unread = \\\"yes\\\"\"\nhttps://json.example/site/feed.json\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let (interactor, _, kept) = ArticleFixtures.interactor(fetcher: fetcher(), subscriptions: ["https://json.example/site/feed.json"])
        #expect { try interactor.doImport(file) } throws: {
            ($0 as? CommandError)?.message == "imported 1 feed(s) from \(file), but 1 address(es) are not http, https or file URLs and were skipped: query:Unread:unread = \"yes\""
        }
        #expect(kept.kept == ["https://json.example/site/feed.json", "https://a.example/feed.xml"], "the feeds it could read are kept")
        #expect(try interactor.doSummarizeFeeds().map(\.title).last == "Site A")
    }
}
