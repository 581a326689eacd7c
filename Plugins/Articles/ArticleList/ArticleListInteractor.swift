import Contracts
import Foundation

/// Fetches and decodes the article list (the Articles app's ArticlesInteractor),
/// through the injected fetcher; the built-in sample needs no fetcher at all.
final class ArticleListInteractor: ArticleListInteracting {
    weak var output: (any ArticleListInteractorOutput)?
    private let fetcher: any ArticleFetching
    private let logger: any Logger

    init(fetcher: any ArticleFetching, logger: any Logger) {
        self.fetcher = fetcher
        self.logger = logger
    }

    func doLoadArticles(from text: String) {
        var label = text
        do {
            let source = try ArticleSource(text)
            label = source.label
            let data: Data
            switch source {
            case .offline: data = Data(OfflineArticles.json.utf8)
            case .url(let url): data = try fetcher.fetch(url)
            }
            let articles = try ArticleDecoder.articles(from: data, source: label)
            logger.log(.info, "\(articles.count) article(s) from \(label)", source: "articles")
            output?.handleArticlesLoaded(articles, from: label)
        } catch {
            logger.log(.warning, "articles from \(label): \(error)", source: "articles")
            output?.handleLoadFailed("\(error)", source: label)
        }
    }
}
