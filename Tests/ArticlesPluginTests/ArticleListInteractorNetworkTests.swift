import ConformanceKit
import Contracts
import Foundation
import Testing
import ViperTestSupport
@testable import ArticlesPlugin

/// The list Interactor with the plugin's own FeedFetching provider (URLSession) against the fixture server
/// on 127.0.0.1 (no other network).
@Suite struct ArticleListInteractorNetworkTests {
    private func load(_ source: String) -> SpyArticleListOutput {
        let interactor = ArticleListInteractor(fetcher: ServiceArticleFetcher(service: URLSessionFeedFetcher(), timeout: 10), logger: MemoryLogger())
        let output = SpyArticleListOutput()
        interactor.output = output
        interactor.doLoadArticles(from: source)
        return output
    }

    @Test func fetchesAndDecodesAFeed() throws {
        let output = load(try FixtureServer.shared().url("articles.json"))
        #expect(output.failures == [])
        #expect(output.loaded.last == [
            Article(title: "Clean Architecture on a terminal", authors: "Ada Lovelace", date: "2026-10-01",
                    website: "example.test", content: "First paragraph.\nSecond paragraph.", imageURL: "http://example.test/a.png"),
            Article(title: "Routers by protocol"),
        ])
    }

    @Test func readsAFeedWrappedInAnObject() throws {
        let output = load(try FixtureServer.shared().url("wrapped.json"))
        #expect(output.loaded.last == [Article(title: "Wrapped in an object", authors: "Grace Hopper")])
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
        #expect(output.failures == ["\(url) did not send an RSS, Atom or JSON feed (it is not valid JSON); check the source"])
    }

    @Test func anArticleWithoutATitleIsReported() throws {
        let url = try FixtureServer.shared().url("untitled.json")
        #expect(load(url).failures == ["\(url) did not send an RSS, Atom or JSON feed (an article has no 'title'); check the source"])
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

    @Test func aMissingFileIsReported() {
        let path = FixtureServer.fixtures + "/feeds/missing.json"
        #expect(load("file://" + path).failures.first?.hasPrefix("cannot read \(path): ") == true)
    }
}
