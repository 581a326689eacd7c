import Contracts

/// Drives the list through loading, empty, failed and loaded states, and hands
/// the chosen article on to the detail module untouched: the view gets strings only.
final class ArticleListPresenter: ArticleListing, ArticleListEventHandling, ArticleListInteractorOutput {
    weak var view: (any ArticleListViewing)?
    private let interactor: any ArticleListInteracting
    private let router: any ArticleListRouting
    private var source = ""
    private var articles: [Article] = []
    private var hasLoaded = false
    private var model = ArticleListViewModel()

    init(interactor: any ArticleListInteracting, router: any ArticleListRouting) {
        self.interactor = interactor
        self.router = router
    }

    // MARK: ArticleListing

    func useSource(_ url: String) {
        source = url
        if hasLoaded { load() }
    }

    // MARK: ArticleListEventHandling

    func didAppear() {
        // Coming back from an article keeps the list as it was; 'refresh' fetches again.
        if !hasLoaded { load() }
    }

    func didAskToRefresh() {
        load()
    }

    func didChooseSource(_ text: String) {
        source = text
        load()
    }

    func didSelect(item: Int) throws {
        guard articles.indices.contains(item - 1) else {
            throw CommandError(articles.isEmpty ? "there are no articles to show; 'refresh' or try another 'source URL'"
                                                : "no article \(item); choose 1 to \(articles.count)")
        }
        try router.showDetails(for: articles[item - 1])
    }

    // MARK: ArticleListInteractorOutput

    func handleArticlesLoaded(_ articles: [Article], from source: String) {
        self.articles = articles
        model.source = source
        model.state = articles.isEmpty
            ? .empty("\(source) has no articles. Try 'source URL' for another feed.")
            : .list(articles.map(Self.row))
        view?.didUpdate(model)
    }

    func handleLoadFailed(_ message: String, source: String) {
        articles = []
        model.source = source
        model.state = .failed(message)
        view?.didUpdate(model)
    }

    // MARK: Private

    private func load() {
        hasLoaded = true
        model.state = .loading("Loading articles…")
        view?.didUpdate(model)
        interactor.doLoadArticles(from: source)
    }

    private static func row(_ article: Article) -> String {
        let byline = [article.authors, article.date].filter { !$0.isEmpty }.joined(separator: ", ")
        return byline.isEmpty ? article.title : "\(article.title) — \(byline)"
    }
}
