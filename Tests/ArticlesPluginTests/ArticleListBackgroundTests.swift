import ConformanceKit
import Contracts
import Foundation
import Testing
@testable import ArticlesPlugin

/// A fetch never holds the shell longer than the foreground wait: a slow one goes
/// on behind the list, is collected when the list is next drawn, and `cancel`
/// stops it. Interactor with a stub fetcher; Presenter with a stub Interactor.
@Suite struct ArticleListBackgroundTests {
    private let url = "https://feeds.example.test/a.json"

    private func makeInteractor(_ fetcher: SpyArticleFetcher) -> (ArticleListInteractor, SpyArticleListOutput) {
        let interactor = ArticleListInteractor(fetcher: fetcher, logger: MemoryLogger(), foregroundWait: 3)
        let output = SpyArticleListOutput()
        interactor.output = output
        return (interactor, output)
    }

    @Test func aSlowFetchLetsTheShellGoOnAndIsCollectedLater() {
        let fetcher = SpyArticleFetcher()
        fetcher.holdsAnswer = true
        fetcher.answer = Data(#"[{"title": "Late"}]"#.utf8)
        let (interactor, output) = makeInteractor(fetcher)
        interactor.doLoadArticles(from: url)
        #expect(fetcher.fetches.first?.waits == [3])
        #expect(output.stillLoading == [url])
        interactor.doCollectFinishedLoad()
        #expect(output.loaded.isEmpty)
        fetcher.release()
        interactor.doCollectFinishedLoad()
        #expect(output.loaded == [[Article(title: "Late")]])
        #expect(fetcher.fetches.first?.waits == [3, 0, 0])
    }

    @Test func cancelStopsTheFetchUnderWay() {
        let fetcher = SpyArticleFetcher()
        fetcher.holdsAnswer = true
        let (interactor, output) = makeInteractor(fetcher)
        interactor.doLoadArticles(from: url)
        interactor.doCancelLoad()
        #expect(fetcher.fetches.first?.cancelled == true)
        #expect(output.cancelled == [url])
        interactor.doCancelLoad()
        #expect(output.cancelled == [url])
    }

    @Test func aNewLoadDropsTheOneStillUnderWay() {
        let fetcher = SpyArticleFetcher()
        fetcher.holdsAnswer = true
        let (interactor, _) = makeInteractor(fetcher)
        interactor.doLoadArticles(from: url)
        interactor.doLoadArticles(from: "")
        #expect(fetcher.fetches.first?.cancelled == true)
    }

    @Test func thePresenterSaysTheFetchGoesOnAndCancelIsRefusedWhenNothingIsFetched() throws {
        let interactor = StubArticleListInteractor()
        let presenter = ArticleListPresenter(interactor: interactor, router: SpyArticleListRouter())
        let view = SpyArticleListView()
        interactor.output = presenter
        presenter.view = view
        #expect { try presenter.didAskToCancel() } throws: { "\($0)" == "nothing is being fetched; 'refresh' fetches the list again" }
        presenter.handleStillLoading(source: url)
        #expect(view.last?.notice == "Still fetching \(url): type 'cancel' to stop it; the list updates after your next command.")
    }

    @Test func drawingCollectsOnlyWhileAFetchIsUnderWay() throws {
        let interactor = StubArticleListInteractor()
        interactor.outcome = .stillLoading
        let presenter = ArticleListPresenter(interactor: interactor, router: SpyArticleListRouter())
        interactor.output = presenter
        presenter.willDraw()
        #expect(interactor.collectCount == 0)
        presenter.didAppear()
        presenter.willDraw()
        #expect(interactor.collectCount == 1)
        try presenter.didAskToCancel()
        #expect(interactor.cancelCount == 1)
        presenter.willDraw()
        #expect(interactor.collectCount == 1)
    }
}
