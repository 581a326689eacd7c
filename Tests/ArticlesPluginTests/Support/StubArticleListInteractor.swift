import Contracts
@testable import ArticlesPlugin

/// Answers loads with a canned result and records the sources asked for.
final class StubArticleListInteractor: ArticleListInteracting {
    weak var output: (any ArticleListInteractorOutput)?
    var result: Result<[Article], ArticleSourceError> = .success([])
    private(set) var sources: [String] = []
    /// The view's state while the load runs, to check the loading state is drawn first.
    var onLoad: (() -> Void)?

    func doLoadArticles(from source: String) {
        sources.append(source)
        onLoad?()
        switch result {
        case .success(let articles): output?.handleArticlesLoaded(articles, from: source.isEmpty ? "sample" : source)
        case .failure(let error): output?.handleLoadFailed(error.description, source: source)
        }
    }
}
