import Contracts
import Foundation

/// Fetches and decodes the article list (the Articles app's ArticlesInteractor),
/// through the injected fetcher; the built-in sample needs no fetcher at all.
///
/// A fetch is waited for `foregroundWait` seconds at most; after that the shell
/// goes on, the fetch keeps running, and its answer is collected when the list is
/// next drawn (``doCollectFinishedLoad()``) or dropped with ``doCancelLoad()``.
/// Each source's last good feed is kept in the injected cache, with the time from
/// the injected clock, and handed back when a fetch fails or is stopped.
final class ArticleListInteractor: ArticleListInteracting {
    weak var output: (any ArticleListInteractorOutput)?
    private let fetcher: any ArticleFetching
    private let logger: any Logger
    private let cache: (any ArticleCaching)?
    private let clock: (any Clock)?
    private let foregroundWait: Double
    private var pending: (fetch: any ArticleFetch, source: String)?

    init(fetcher: any ArticleFetching, logger: any Logger, cache: (any ArticleCaching)? = nil, clock: (any Clock)? = nil,
         foregroundWait: Double = 10) {
        self.fetcher = fetcher
        self.logger = logger
        self.cache = cache
        self.clock = clock
        self.foregroundWait = foregroundWait
    }

    func doLoadArticles(from text: String) {
        pending?.fetch.cancel()
        pending = nil
        var label = text
        do {
            let source = try ArticleSource(text)
            label = source.label
            switch source {
            case .offline:
                let articles = try ArticleDecoder.articles(from: Data(OfflineArticles.json.utf8), source: label)
                output?.handleArticlesLoaded(articles, from: label, fetched: nil)
            case .url(let url):
                pending = (fetcher.start(url), label)
                collect(waiting: foregroundWait)
            }
        } catch {
            logger.log(.warning, "articles from \(label): \(error)", source: "articles")
            output?.handleLoadFailed("\(error)", source: label, lastGood: nil)
        }
    }

    func doCollectFinishedLoad() {
        collect(waiting: 0)
    }

    func doCancelLoad() {
        guard let pending else { return }
        pending.fetch.cancel()
        collect(waiting: 0)
    }

    /// Hands on the pending fetch's answer if it has one after `seconds`.
    private func collect(waiting seconds: Double) {
        guard let (fetch, label) = pending else { return }
        do {
            guard let data = try fetch.wait(seconds: seconds) else {
                if seconds > 0 { output?.handleStillLoading(source: label) }
                return
            }
            pending = nil
            let articles = try ArticleDecoder.articles(from: data, source: label)
            logger.log(.info, "\(articles.count) article(s) from \(label)", source: "articles")
            output?.handleArticlesLoaded(articles, from: label, fetched: keep(articles, for: label))
        } catch let cancelled as ArticleFetchCancelled {
            pending = nil
            logger.log(.info, "\(cancelled)", source: "articles")
            output?.handleLoadCancelled(source: label, lastGood: cache?.feed(for: label))
        } catch {
            pending = nil
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
