import Contracts
@testable import ArticlesPlugin

/// Answers loads with a canned result and records the sources asked for.
final class StubArticleListInteractor: ArticleListInteracting {
    /// What a load ends in.
    enum Outcome {
        case loaded([Article], fetched: Double?)
        case failed(String, lastGood: CachedFeed?)
        case cancelled(lastGood: CachedFeed?)
        /// The fetch goes on after the command.
        case stillLoading
    }

    weak var output: (any ArticleListInteractorOutput)?
    var result: Result<[Article], ArticleSourceError> = .success([]) {
        didSet {
            switch result {
            case .success(let articles): outcome = .loaded(articles, fetched: nil)
            case .failure(let error): outcome = .failed(error.description, lastGood: nil)
            }
        }
    }
    var outcome = Outcome.loaded([], fetched: nil)
    private(set) var sources: [String] = []
    /// The view's state while the load runs, to check the loading state is drawn first.
    var onLoad: (() -> Void)?

    private(set) var collectCount = 0
    private(set) var cancelCount = 0

    func doSubscribe(_ address: String) throws {}
    func doUnsubscribe(number: Int) throws {}
    func doListSubscriptions() throws {}
    func doLoadAllFeeds() throws {}
    private(set) var read: [Article] = []
    func doFindUnread(in articles: [Article]) -> [Article] { articles.filter { !read.contains($0) } }
    func doMarkRead(_ article: Article) { read.append(article) }

    func doCollectFinishedLoad() {
        collectCount += 1
    }

    func doCancelLoad() {
        cancelCount += 1
        output?.handleLoadCancelled(source: sources.last ?? "", lastGood: nil)
    }

    func doLoadArticles(from source: String) {
        sources.append(source)
        onLoad?()
        let label = source.isEmpty ? "sample" : source
        switch outcome {
        case .loaded(let articles, let fetched): output?.handleArticlesLoaded(articles, from: label, fetched: fetched)
        case .failed(let message, let lastGood): output?.handleLoadFailed(message, source: label, lastGood: lastGood)
        case .cancelled(let lastGood): output?.handleLoadCancelled(source: label, lastGood: lastGood)
        case .stillLoading: output?.handleStillLoading(source: label)
        }
    }
}
