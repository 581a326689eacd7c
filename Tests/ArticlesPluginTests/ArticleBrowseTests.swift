import ConformanceKit
import Contracts
import Foundation
import Testing
import ViperTestSupport
@testable import ArticlesPlugin

/// `browse` opens an article's page through the Router (the browser is leaving the app); with
/// no browser the address is shown instead, and an address no browser can open is refused.
@Suite struct ArticleBrowseTests {
    private final class StubRouter: ArticleDetailRouting {
        var hasBrowser = true
        private(set) var opened: [String] = []
        func openPage(_ address: String) throws -> Bool {
            opened.append(address)
            return hasBrowser
        }
    }

    @Test func theDetailOpensTheArticlesPage() throws {
        let router = StubRouter()
        let presenter = ArticleDetailPresenter(router: router)
        let view = SpyArticleDetailView()
        presenter.view = view
        presenter.show(Article(title: "T", website: "https://blog.example/viper"))
        try presenter.didAskToBrowse()
        #expect(router.opened == ["https://blog.example/viper"])
        #expect(view.models.last?.notice == "Opened https://blog.example/viper.")
        router.hasBrowser = false
        try presenter.didAskToBrowse()
        #expect(view.models.last?.notice == "No browser is set (set BROWSER, or install xdg-open); the address is https://blog.example/viper")
    }

    @Test func anAddressNoBrowserCanOpenIsRefused() {
        let presenter = ArticleDetailPresenter(router: StubRouter())
        presenter.show(Article(title: "T", website: "example.test"))
        #expect { try presenter.didAskToBrowse() } throws: { "\($0)" == "'example.test' is not a web address a browser can open" }
        presenter.show(Article(title: "T"))
        #expect { try presenter.didAskToBrowse() } throws: { "\($0)" == "this article has no web address" }
    }

    @Test func theListOpensArticleNsPage() throws {
        let interactor = ArticleListInteractor(fetcher: SpyArticleFetcher(), logger: MemoryLogger())
        let router = SpyArticleListRouter()
        let presenter = ArticleListPresenter(interactor: interactor, router: router)
        interactor.output = presenter
        presenter.handleArticlesLoaded([Article(title: "A", website: "https://a.example/"), Article(title: "B")], from: "s", fetched: nil)
        try presenter.didAskToBrowse(item: 1)
        #expect(router.opened == ["https://a.example/"])
        #expect { try presenter.didAskToBrowse(item: 2) } throws: { "\($0)" == "article 2 has no web address" }
        #expect { try presenter.didAskToBrowse(item: 3) } throws: { "\($0)" == "no article 3; choose 1 to 2" }
    }

    @Test func theBrowserIsBROWSERsFirstEntryElseXdgOpenOnThePath() throws {
        #expect(BrowserPageOpener(environment: ["BROWSER": "lynx:w3m"]).command == "lynx")
        #expect(BrowserPageOpener(environment: ["PATH": "/nonexistent"]).command == nil)
        let folder = try TemporaryFolder.make("xdg")
        #expect(FileManager.default.createFile(atPath: folder + "/xdg-open", contents: Data("#!/bin/sh\n".utf8),
                                               attributes: [.posixPermissions: 0o755]))
        #expect(BrowserPageOpener(environment: ["PATH": folder]).command == "xdg-open")
    }
}
