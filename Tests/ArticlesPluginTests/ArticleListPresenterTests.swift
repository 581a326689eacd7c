import Contracts
import Testing
@testable import ArticlesPlugin

/// The list Presenter with a spy view, a spy router and a stub Interactor.
@Suite struct ArticleListPresenterTests {
    private struct Parts {
        let presenter: ArticleListPresenter
        let view: SpyArticleListView
        let router: SpyArticleListRouter
        let interactor: StubArticleListInteractor
    }

    private func makePresenter(_ result: Result<[Article], ArticleSourceError> = .success([])) -> Parts {
        let interactor = StubArticleListInteractor()
        interactor.result = result
        let router = SpyArticleListRouter()
        let presenter = ArticleListPresenter(interactor: interactor, router: router)
        let view = SpyArticleListView()
        interactor.output = presenter
        presenter.view = view
        return Parts(presenter: presenter, view: view, router: router, interactor: interactor)
    }

    private let articles = [
        Article(title: "Routers by protocol", authors: "Ada Lovelace", date: "2026-10-01"),
        Article(title: "No byline"),
    ]

    @Test func drawsLoadingWhileTheListIsFetched() {
        let parts = makePresenter(.success(articles))
        var drawnDuringLoad: ArticleListViewModel.State?
        parts.interactor.onLoad = { drawnDuringLoad = parts.view.last?.state }
        parts.presenter.didAppear()
        #expect(drawnDuringLoad == .loading("Loading articles…"))
        #expect(parts.view.last?.state == .list(["Routers by protocol — Ada Lovelace, 2026-10-01", "No byline"]))
        #expect(parts.view.last?.source == "sample")
    }

    @Test func drawsAnEmptyStateForAnEmptyFeed() {
        let parts = makePresenter()
        parts.presenter.didAppear()
        #expect(parts.view.last?.state == .empty("sample has no articles. Try 'source URL' for another feed."))
    }

    @Test func drawsTheErrorOfAFailedLoad() {
        let parts = makePresenter(.failure(ArticleSourceError("http://127.0.0.1:1/a.json answered 500")))
        parts.presenter.didAppear()
        #expect(parts.view.last?.state == .failed("http://127.0.0.1:1/a.json answered 500"))
        #expect(throws: CommandError.self) { try parts.presenter.didSelect(item: 1) }
    }

    @Test func usesTheSourceItWasConfiguredWith() {
        let parts = makePresenter()
        parts.presenter.useSource("http://127.0.0.1:8000/feed.json")
        #expect(parts.interactor.sources == [])
        parts.presenter.didAppear()
        #expect(parts.interactor.sources == ["http://127.0.0.1:8000/feed.json"])
    }

    @Test func keepsTheListWhenComingBackAndFetchesOnRefresh() {
        let parts = makePresenter(.success(articles))
        parts.presenter.didAppear()
        parts.presenter.didAppear()
        #expect(parts.interactor.sources.count == 1)
        parts.presenter.didAskToRefresh()
        #expect(parts.interactor.sources.count == 2)
        parts.presenter.didChooseSource("http://127.0.0.1:8000/other.json")
        #expect(parts.interactor.sources.last == "http://127.0.0.1:8000/other.json")
    }

    @Test func pushesTheChosenArticle() throws {
        let parts = makePresenter(.success(articles))
        parts.presenter.didAppear()
        try parts.presenter.didSelect(item: 2)
        #expect(parts.router.shown == [Article(title: "No byline")])
        #expect(throws: CommandError.self) { try parts.presenter.didSelect(item: 3) }
    }
}
