import Contracts
import Foundation

/// Fetches and decodes the article list (the Articles app's ArticlesInteractor),
/// through the injected fetcher; the built-in sample needs no fetcher at all.
/// Keeps each source's last good feed in the injected cache, with the time from the
/// injected clock, and hands it back when a fetch fails or is stopped.
final class ArticleListInteractor: ArticleListInteracting {
    weak var output: (any ArticleListInteractorOutput)?
    private let fetcher: any ArticleFetching
    private let logger: any Logger
    private let cache: (any ArticleCaching)?
    private let clock: (any Clock)?

    init(fetcher: any ArticleFetching, logger: any Logger, cache: (any ArticleCaching)? = nil, clock: (any Clock)? = nil) {
        self.fetcher = fetcher
        self.logger = logger
        self.cache = cache
        self.clock = clock
    }

    func doLoadArticles(from text: String) {
        var label = text
        do {
            let source = try ArticleSource(text)
            label = source.label
            switch source {
            case .offline:
                let articles = try ArticleDecoder.articles(from: Data(OfflineArticles.json.utf8), source: label)
                output?.handleArticlesLoaded(articles, from: label, fetched: nil)
            case .url(let url):
                let articles = try ArticleDecoder.articles(from: try fetcher.fetch(url), source: label)
                logger.log(.info, "\(articles.count) article(s) from \(label)", source: "articles")
                let fetched = keep(articles, for: label)
                output?.handleArticlesLoaded(articles, from: label, fetched: fetched)
            }
        } catch let cancelled as ArticleFetchCancelled {
            logger.log(.info, "\(cancelled)", source: "articles")
            output?.handleLoadCancelled(source: label, lastGood: cache?.feed(for: label))
        } catch {
            logger.log(.warning, "articles from \(label): \(error)", source: "articles")
            output?.handleLoadFailed("\(error)", source: label, lastGood: cache?.feed(for: label))
        }
    }

    /// Saves a good feed; returns when it was fetched. A cache that cannot be written
    /// costs only the offline copy, so it is logged, not shown.
    private func keep(_ articles: [Article], for source: String) -> Double? {
        guard let clock else { return nil }
        let now = clock.secondsSince1970
        do {
            try cache?.save(CachedFeed(articles: articles, fetched: now), for: source)
        } catch {
            logger.log(.warning, "\(error)", source: "articles")
        }
        return now
    }
}
