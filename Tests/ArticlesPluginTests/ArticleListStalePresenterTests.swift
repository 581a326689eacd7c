import Contracts
import Testing
@testable import ArticlesPlugin

/// A list that loaded stays when a refresh fails or is stopped; a kept copy stands
/// in for a source that cannot be reached. Spy view, spy router, stub Interactor.
@Suite struct ArticleListStalePresenterTests {
    private let articles = [Article(title: "Routers by protocol", authors: "Ada Lovelace", date: "2026-10-01"), Article(title: "No byline")]
    private let rows = ["Routers by protocol — Ada Lovelace, 2026-10-01", "No byline"]
    private let source = "http://127.0.0.1:8000/a.json"
    // 2026-12-01T09:00:00Z
    private let nine = 1_796_115_600.0

    private func makePresenter(timeZone: String = "UTC") -> (ArticleListPresenter, StubArticleListInteractor, SpyArticleListView) {
        let interactor = StubArticleListInteractor()
        let presenter = ArticleListPresenter(interactor: interactor, router: SpyArticleListRouter(), timeZoneIdentifier: timeZone)
        let view = SpyArticleListView()
        interactor.output = presenter
        presenter.view = view
        presenter.useSource(source)
        return (presenter, interactor, view)
    }

    @Test func aLoadedListSaysWhenItWasFetchedInTheClocksTimeZone() {
        let (presenter, interactor, view) = makePresenter(timeZone: "Europe/Berlin")
        interactor.outcome = .loaded(articles, fetched: nine)
        presenter.didAppear()
        #expect(view.last?.fetched == "fetched 2026-12-01 10:00 (Europe/Berlin)")
        #expect(view.last?.error == nil)
    }

    @Test func aFailedRefreshKeepsTheListAndShowsTheErrorAboveIt() {
        let (presenter, interactor, view) = makePresenter()
        interactor.outcome = .loaded(articles, fetched: nine)
        presenter.didAppear()
        interactor.outcome = .failed("\(source) answered 500 (Internal Server Error)", lastGood: nil)
        presenter.didAskToRefresh()
        #expect(view.last?.state == .list(rows))
        #expect(view.last?.error == "refresh failed: \(source) answered 500 (Internal Server Error)")
        #expect(view.last?.fetched == "fetched 2026-12-01 09:00 (UTC)")
    }

    @Test func aSourceThatCannotBeReachedShowsItsKeptCopy() throws {
        let (presenter, interactor, view) = makePresenter()
        interactor.outcome = .failed("cannot reach \(source)", lastGood: CachedFeed(articles: articles, fetched: nine - 86_400))
        presenter.didAppear()
        #expect(view.last?.state == .list(rows))
        #expect(view.last?.error == "refresh failed: cannot reach \(source)")
        #expect(view.last?.fetched == "fetched 2026-11-30 09:00 (UTC) (kept copy)")
        try presenter.didSelect(item: 1)
    }

    @Test func aStoppedFetchLeavesThePreviousListAsItWas() {
        let (presenter, interactor, view) = makePresenter()
        interactor.outcome = .loaded(articles, fetched: nine)
        presenter.didAppear()
        let before = view.last
        interactor.outcome = .cancelled(lastGood: nil)
        presenter.didChooseSource("http://127.0.0.1:8000/never")
        #expect(view.last?.state == before?.state)
        #expect(view.last?.source == source)
        #expect(view.last?.notice == "Stopped fetching http://127.0.0.1:8000/never; the list is as it was.")
        presenter.didAskToRefresh()
        #expect(interactor.sources.last == source)
    }

    @Test func aStoppedFirstFetchSaysNothingIsLoadedYet() {
        let (presenter, interactor, view) = makePresenter()
        interactor.outcome = .cancelled(lastGood: nil)
        presenter.didAppear()
        #expect(view.last?.state == .empty("Nothing loaded yet. Type 'refresh' to try again, or 'source URL' for another feed."))
    }
}
