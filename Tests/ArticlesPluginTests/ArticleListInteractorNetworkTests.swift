import ConformanceKit
import Contracts
import Foundation
import Testing
import ViperTestSupport
@testable import ArticlesPlugin

/// The list Interactor with the plugin's own FeedFetching provider (libcurl) against the fixture server
/// on 127.0.0.1 (no other network).
@Suite struct ArticleListInteractorNetworkTests {
    private func load(_ source: String) -> SpyArticleListOutput {
        let interactor = ArticleListInteractor(fetcher: ServiceArticleFetcher(service: SystemFeedFetcher(), timeout: 10), logger: MemoryLogger())
        let output = SpyArticleListOutput()
        interactor.output = output
        interactor.doLoadArticles(from: source)
        return output
    }

    @Test func fetchesAndDecodesAFeed() throws {
        let output = load(try FixtureServer.shared().url("articles.json"))
        #expect(output.failures == [])
        let items = try #require(output.loaded.last)
        #expect(items.map(\.title) == ["Clean Architecture on a terminal", "Routers by protocol"])
        #expect(items.first?.author == "Ada Lovelace")
        #expect(items.first?.text == "First paragraph.\nSecond paragraph.")
        #expect(items.first?.image == "http://example.test/a.png")
        #expect(items.first?.published == 1_790_812_800)
    }

    @Test func readsAFeedWrappedInAnObject() throws {
        let output = load(try FixtureServer.shared().url("wrapped.json"))
        #expect(output.loaded.last?.map(\.title) == ["Wrapped in an object"])
        #expect(output.loaded.last?.first?.author == "Grace Hopper")
    }

    @Test func anEmptyFeedIsAnEmptyListNotAnError() throws {
        let output = load(try FixtureServer.shared().url("empty.json"))
        #expect(output.failures == [])
        #expect(output.loaded.last == [])
    }

    @Test func aServerErrorIsReportedWithItsStatus() throws {
        let url = try FixtureServer.shared().url("status/500")
        let output = load(url)
        #expect(output.loaded.isEmpty)
        #expect(output.failures == ["\(url) answered 500 (Internal Server Error); try 'refresh' later or another source"])
    }

    @Test func aMissingFeedIsReportedWithItsStatus() throws {
        let url = try FixtureServer.shared().url("nothing-here.json")
        #expect(load(url).failures.first?.hasPrefix("\(url) answered 404") == true)
    }

    @Test func malformedJSONIsReportedNotThrown() throws {
        let url = try FixtureServer.shared().url("broken.json")
        let output = load(url)
        #expect(output.failures == ["\(url) did not send an RSS, Atom or JSON feed (it is not valid JSON); check the address"])
    }

    @Test func anArticleWithoutATitleIsReported() throws {
        let url = try FixtureServer.shared().url("untitled.json")
        #expect(load(url).failures == ["\(url) did not send an RSS, Atom or JSON feed (an article has no 'title'); check the address"])
    }

    @Test func aRefusedConnectionIsReported() {
        let url = "http://127.0.0.1:\(closedPort())/articles.json"
        let output = load(url)
        #expect(output.loaded.isEmpty)
        #expect(output.failures.first?.hasPrefix("cannot reach \(url): ") == true)
        #expect(output.failures.first?.hasSuffix("; check the URL and that the server is running") == true)
    }

    @Test func readsAFileURL() {
        let output = load("file://" + FixtureServer.fixtures + "/feeds/wrapped.json")
        #expect(output.loaded.last?.map(\.title) == ["Wrapped in an object"])
    }

    @Test func aConditionalFetchOfAnUnchangedFeedIsAnsweredNotModified() throws {
        let url = try FixtureServer.shared().url("rss.xml")
        let fetcher = ServiceArticleFetcher(service: SystemFeedFetcher(), timeout: 10)
        let first = fetcher.start(try #require(URL(string: url)))
        #expect(try fetcher.wait(for: first, seconds: 10) != nil)
        let lastModified = try #require(first.validators.lastModified)
        let second = fetcher.start(try #require(URL(string: url)), validators: FeedValidators(etag: nil, lastModified: lastModified))
        #expect(throws: ArticleFeedNotModified.self) { try fetcher.wait(for: second, seconds: 10) }
    }

    @Test func cancellingAFetchFromAServerThatNeverAnswersEndsItsTransfer() throws {
        let server = try FixtureServer.shared()
        let path = "never/cancel-\(UUID().uuidString)"
        let ended = DispatchSemaphore(value: 0)
        let outcome = Locked<FeedFetchOutcome?>(nil)
        let task = SystemFeedFetcher().fetch(FeedRequest(address: server.url(path), timeoutSeconds: 60)) { result in
            outcome.withLock { $0 = result }
            ended.signal()
        }
        #expect(server.waitUntilAsked(for: path))
        task.cancel()
        // The transfer notices within about a second; 30 s only keeps a broken build from hanging.
        #expect(ended.wait(timeout: .now() + 30) == .success)
        #expect(outcome.withLock { $0 } == .failed("stopped fetching \(server.url(path))"))
    }

    @Test func aMissingFileIsReported() {
        let path = FixtureServer.fixtures + "/feeds/missing.json"
        #expect(load("file://" + path).failures.first?.hasPrefix("cannot read \(path): ") == true)
    }
}
