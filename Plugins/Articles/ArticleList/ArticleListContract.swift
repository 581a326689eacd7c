import Contracts

/// Presenter → View: what to draw.
protocol ArticleListViewing: AnyObject {
    func didUpdate(_ model: ArticleListViewModel)
}

/// View → Presenter: what the user did.
protocol ArticleListEventHandling: AnyObject {
    func didAppear()
    func didAskToRefresh()
    func didChooseSource(_ text: String)
    func didSelect(item: Int) throws
}

/// Presenter → Interactor: the use case.
protocol ArticleListInteracting: AnyObject {
    func doLoadArticles(from source: String)
}

/// Interactor → Presenter: the results (the Articles app's ArticlesInteractorOutput).
protocol ArticleListInteractorOutput: AnyObject {
    func handleArticlesLoaded(_ articles: [Article], from source: String)
    func handleLoadFailed(_ message: String, source: String)
}

/// Presenter → Router.
protocol ArticleListRouting: AnyObject {
    func showDetails(for article: Article) throws
}

/// What the view draws: display strings only.
struct ArticleListViewModel: Equatable {
    enum State: Equatable {
        case loading(String)
        case empty(String)
        case failed(String)
        case list([String])
    }

    var source = ""
    var state = State.loading("Loading articles…")
}
