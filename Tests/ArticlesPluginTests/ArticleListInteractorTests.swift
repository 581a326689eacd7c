import ConformanceKit
import Contracts
import Foundation
import Testing
@testable import ArticlesPlugin

@Suite struct ArticleListInteractorTests {
    private func makeInteractor(_ fetcher: SpyArticleFetcher = SpyArticleFetcher()) -> (ArticleListInteractor, SpyArticleListOutput) {
        let interactor = ArticleListInteractor(fetcher: fetcher, logger: MemoryLogger())
        let output = SpyArticleListOutput()
        interactor.output = output
        return (interactor, output)
    }

    @Test func withoutASourceItShowsTheBuiltInSampleWithoutFetching() {
        let fetcher = SpyArticleFetcher()
        let (interactor, output) = makeInteractor(fetcher)
        interactor.doLoadArticles(from: "")
        #expect(fetcher.requested.isEmpty)
        #expect(output.loaded.last?.count == 4)
        #expect(output.loaded.last?.first?.title == "VIPER in five roles")
    }

    @Test func fetchesTheSourceItIsGiven() {
        let fetcher = SpyArticleFetcher()
        fetcher.answer = Data(#"[{"title": "One"}]"#.utf8)
        let (interactor, output) = makeInteractor(fetcher)
        interactor.doLoadArticles(from: "https://feeds.example.test/articles.json")
        #expect(fetcher.requested.map(\.absoluteString) == ["https://feeds.example.test/articles.json"])
        #expect(output.loaded.last == [Article(title: "One")])
    }

    @Test func refusesSourcesThatAreNotHTTPOrFileURLs() {
        let fetcher = SpyArticleFetcher()
        let (interactor, output) = makeInteractor(fetcher)
        for source in ["ftp://example.test/a.json", "not a url", "http://"] {
            interactor.doLoadArticles(from: source)
        }
        #expect(fetcher.requested.isEmpty)
        #expect(output.failures == [
            "'ftp://example.test/a.json' is not a source viper can fetch: give an http://, https:// or file:// URL of a JSON list of articles",
            "'not a url' is not a source viper can fetch: give an http://, https:// or file:// URL of a JSON list of articles",
            "'http://' is not a source viper can fetch: give an http://, https:// or file:// URL of a JSON list of articles",
        ])
    }
}
