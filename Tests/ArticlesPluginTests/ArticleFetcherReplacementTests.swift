import ConformanceKit
import Contracts
import Testing
@testable import ArticlesPlugin

/// The article list fetches through the `FeedFetching` service it resolves from the registry:
/// the plugin registers its own provider, and a provider registered in its place is the one used.
@Suite struct ArticleFetcherReplacementTests {
    /// The article list of the recorded plugin, built with `services` as the host would.
    private func openList(with services: ServiceTable, source: String) throws -> ModuleUnderTest {
        let plugin = try RecordedPlugin.record(ArticlesPlugin.self)
        services.add(plugin)
        let list = try #require(plugin.modules.first { $0.contractType == ArticleListing.self })
        let module = try ModuleHarness(module: list, services: services).build()
        module.appear()
        try module.input(as: ArticleListing.self).useSource(source)
        return module
    }

    @Test func thePluginRegistersItsOwnFeedFetchingProvider() throws {
        let plugin = try RecordedPlugin.record(ArticlesPlugin.self)
        #expect(plugin.services.map(\.contract) == [ContractID(FeedFetching.self)])
        let list = try #require(plugin.modules.first { $0.contractType == ArticleListing.self })
        #expect(list.requires.contains(.service(FeedFetching.self)))
    }

    @Test func aReplacementProviderIsTheOneTheListFetchesThrough() throws {
        let services = try ServiceTable.standard()
        let stub = StubFeedFetcher()
        services.replace(FeedFetching.self, instance: stub)
        let screen = try openList(with: services, source: "http://feeds.test/feed.xml").render()
        #expect(stub.requests.map(\.address) == ["http://feeds.test/feed.xml"])
        #expect(screen.shows("Served by the replacement"), "\(screen.transcript)")
    }

    @Test func aFailureTheReplacementReportsIsShownAsTheListsError() throws {
        let services = try ServiceTable.standard()
        services.replace(FeedFetching.self, instance: StubFeedFetcher(outcome: .failed("cannot reach http://feeds.test/feed.xml: offline; check the URL")))
        let screen = try openList(with: services, source: "http://feeds.test/feed.xml").render()
        #expect(screen.errors.contains { $0.contains("cannot reach http://feeds.test/feed.xml: offline; check the URL") }, "\(screen.transcript)")
    }

    @Test func aStatusOtherThanSuccessIsReportedWithItsNumber() throws {
        let services = try ServiceTable.standard()
        services.replace(FeedFetching.self, instance: StubFeedFetcher(outcome: .answered(FeedResponse(status: 503, body: []))))
        let screen = try openList(with: services, source: "http://feeds.test/feed.xml").render()
        #expect(screen.errors.contains { $0.contains("http://feeds.test/feed.xml answered 503") }, "\(screen.transcript)")
    }
}
