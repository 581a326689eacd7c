import ConformanceKit
import Contracts
import Foundation
import Testing
import ViperTestSupport
@testable import ArticlesPlugin

/// A refresh of every feed says how far it got, a line per feed answered or failed, while it
/// runs; the view hands the lines to the host's `CommandProgress`.
@Suite struct ArticleRefreshProgressTests {
    private final class SpyProgress: CommandProgress {
        private(set) var lines: [String] = []
        func report(_ line: String) { lines.append(line) }
    }

    private func interactor(feeds: Int, fetcher: SpyArticleFetcher = SpyArticleFetcher()) -> (ArticleListInteractor, SpyArticleListOutput) {
        let addresses = (1...feeds).map { "https://feed\($0).example/" }
        let interactor = ArticleListInteractor(fetcher: fetcher, logger: MemoryLogger(), cache: MemoryArticleCache(),
                                               subscriptions: MemoryFeedSubscriptions(addresses))
        let output = SpyArticleListOutput()
        interactor.output = output
        return (interactor, output)
    }

    @Test func theInteractorReportsEachFeedAnsweredAcrossGroups() throws {
        let (interactor, output) = interactor(feeds: 6)
        try interactor.doLoadAllFeeds()
        #expect(output.progress == ["1/6", "2/6", "3/6", "4/6", "5/6", "6/6"])
    }

    @Test func aFeedThatFailsCountsAsFinishedToo() throws {
        let fetcher = SpyArticleFetcher()
        fetcher.failure = ArticleSourceError("down")
        let (interactor, output) = interactor(feeds: 2, fetcher: fetcher)
        try interactor.doLoadAllFeeds()
        #expect(output.progress == ["1/2", "2/2"])
    }

    @Test func afterCtrlCNoMoreProgressIsReported() throws {
        let fetcher = SpyArticleFetcher()
        fetcher.failure = ArticleFetchCancelled(url: "https://feed1.example/")
        let (interactor, output) = interactor(feeds: 5, fetcher: fetcher)
        try interactor.doLoadAllFeeds()
        #expect(output.progress == [])
    }

    @Test func thePresenterWordsALineAndTheViewHandsItToTheHost() {
        let progress = SpyProgress()
        let presenter = ArticleListPresenter(interactor: StubArticleListInteractor(), router: SpyArticleListRouter())
        let view = ArticleListView(presenter: presenter, progress: progress)
        presenter.view = view
        presenter.handleRefreshProgress(fetched: 3, of: 9)
        #expect(progress.lines == ["fetched 3 of 9 feeds…"])
    }

    @Test func aRefreshOfOneFeedShowsNoProgressLine() {
        let view = SpyArticleListView()
        let presenter = ArticleListPresenter(interactor: StubArticleListInteractor(), router: SpyArticleListRouter())
        presenter.view = view
        presenter.handleRefreshProgress(fetched: 1, of: 1)
        #expect(view.progress == [])
    }
}
