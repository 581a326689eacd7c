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
    private let subscriptions: (any FeedSubscriptions)?
    private let readArticles: (any ReadArticles)?
    private var pending: (fetch: any ArticleFetch, source: String)?

    /// How many subscribed feeds are fetched at the same time.
    static let feedsAtOnce = 4
    /// How long `feeds` waits for each group of feeds, in seconds.
    static let allFeedsWait = 10.0

    init(fetcher: any ArticleFetching, logger: any Logger, cache: (any ArticleCaching)? = nil, clock: (any Clock)? = nil,
         foregroundWait: Double = 10, subscriptions: (any FeedSubscriptions)? = nil, readArticles: (any ReadArticles)? = nil) {
        self.readArticles = readArticles
        self.fetcher = fetcher
        self.logger = logger
        self.cache = cache
        self.clock = clock
        self.foregroundWait = foregroundWait
        self.subscriptions = subscriptions
    }

    func doSubscribe(_ address: String) throws {
        let source = try ArticleSource(address)
        guard case .url = source else { throw CommandError("subscribe needs a feed's address, e.g. 'subscribe https://www.swift.org/atom.xml'") }
        var addresses = try keptSubscriptions().addresses()
        guard !addresses.contains(source.label) else { throw CommandError("\(source.label) is already subscribed; 'feeds' reads it") }
        addresses.append(source.label)
        try keptSubscriptions().save(addresses)
        output?.handleSubscriptions(addresses, notice: "Subscribed to \(source.label). Type 'all' to read every feed.")
    }

    func doUnsubscribe(number: Int) throws {
        var addresses = try keptSubscriptions().addresses()
        guard addresses.indices.contains(number - 1) else {
            throw CommandError(addresses.isEmpty ? "there are no subscriptions; 'subscribe URL' adds one" : "no feed \(number); choose 1 to \(addresses.count)")
        }
        let removed = addresses.remove(at: number - 1)
        try keptSubscriptions().save(addresses)
        output?.handleSubscriptions(addresses, notice: "Unsubscribed from \(removed).")
    }

    func doFindUnread(in articles: [Article]) -> [Article] {
        guard let readArticles else { return articles }
        return articles.filter { !readArticles.isRead(Self.key(of: $0)) }
    }

    func doMarkRead(_ article: Article) {
        do {
            try readArticles?.markRead(Self.key(of: article))
        } catch {
            logger.log(.warning, "\(error)", source: "articles")
        }
    }

    /// What an article is known by: its address, or its title without one.
    static func key(of article: Article) -> String {
        article.website.isEmpty ? article.title : article.website
    }

    func doListSubscriptions() throws {
        let addresses = try keptSubscriptions().addresses()
        output?.handleSubscriptions(addresses, notice: addresses.isEmpty
            ? "No subscriptions yet: 'subscribe URL' adds a feed."
            : "'unsubscribe N' stops following feed N; 'all' reads every feed.")
    }

    func doLoadAllFeeds() throws {
        let addresses = try keptSubscriptions().addresses()
        guard !addresses.isEmpty else { throw CommandError("there are no subscriptions; 'subscribe URL' adds a feed") }
        pending?.fetch.cancel()
        pending = nil
        var refresh = FeedRefresh(total: addresses.count)
        for start in stride(from: 0, to: addresses.count, by: Self.feedsAtOnce) {
            let group = Array(addresses[start..<min(start + Self.feedsAtOnce, addresses.count)])
            guard !refresh.stopped else {
                group.forEach { refresh.skip($0, kept: cache?.feed(for: $0)) }
                continue
            }
            loadGroup(group, into: &refresh)
        }
        let newestFirst = refresh.articles.enumerated()
            .sorted { ($0.element.date, -$0.offset) > ($1.element.date, -$1.offset) }.map(\.element)
        output?.handleArticlesLoaded(newestFirst, from: "all feeds (\(addresses.count))", fetched: clock?.secondsSince1970)
        output?.handleFeedProblems(refresh.problems())
    }

    /// Fetches `group` at once and waits for it, at most ``allFeedsWait`` seconds in all; each feed
    /// answered (or failed) is reported to the output, so the person sees the refresh go on. Ctrl-C
    /// during a wait stops the whole refresh: the rest of the group is cancelled, and every
    /// feed not fetched shows its kept copy.
    private func loadGroup(_ group: [String], into refresh: inout FeedRefresh) {
        let fetches = group.map { address in
            (address, Result { try Self.url(address) }.map { fetcher.start($0, validators: validators(of: address)) })
        }
        let deadline = ProcessInfo.processInfo.systemUptime + Self.allFeedsWait
        for (address, started) in fetches {
            guard !refresh.stopped else {
                (try? started.get())?.cancel()
                refresh.skip(address, kept: cache?.feed(for: address))
                continue
            }
            do {
                let fetch = try started.get()
                do {
                    guard let data = try fetch.wait(seconds: max(0, deadline - ProcessInfo.processInfo.systemUptime)) else {
                        fetch.cancel()
                        throw ArticleSourceError("no answer within \(Int(Self.allFeedsWait)) s")
                    }
                    let feed = try ArticleDecoder.articles(from: data, source: address)
                    _ = keep(feed, for: address, validators: fetch.validators)
                    refresh.articles += feed
                } catch is ArticleFeedNotModified {
                    let kept = cache?.feed(for: address)
                    _ = keep(kept?.articles ?? [], for: address, validators: kept?.validators ?? .none)
                    refresh.articles += kept?.articles ?? []
                }
            } catch is ArticleFetchCancelled {
                logger.log(.info, "the refresh of every feed was stopped at \(address)", source: "articles")
                refresh.stopped = true
                refresh.skip(address, kept: cache?.feed(for: address))
            } catch {
                logger.log(.warning, "articles from \(address): \(error)", source: "articles")
                let kept = cache?.feed(for: address)
                refresh.articles += kept?.articles ?? []
                refresh.failures.append("\(address): \(error)" + (kept == nil ? "" : " (showing the kept copy)"))
            }
            if !refresh.stopped {
                refresh.finished += 1
                output?.handleRefreshProgress(fetched: refresh.finished, of: refresh.total)
            }
        }
    }

    /// The validators of the kept copy of `source`, for a conditional fetch; none without a copy.
    private func validators(of source: String) -> FeedValidators {
        cache?.feed(for: source)?.validators ?? .none
    }

    private func keptSubscriptions() throws -> any FeedSubscriptions {
        guard let subscriptions else { throw CommandError("this list keeps no subscriptions") }
        return subscriptions
    }

    /// The http(s) or file URL of a subscribed address.
    private static func url(_ address: String) throws -> URL {
        guard case .url(let url) = try ArticleSource(address) else { throw ArticleSourceError("'\(address)' is not a feed address") }
        return url
    }

    func doLoadArticles(from text: String) {
        pending?.fetch.cancel()
        pending = nil
        if text.trimmingCharacters(in: .whitespaces).isEmpty, let subscriptions {
            do {
                if try !subscriptions.addresses().isEmpty {
                    try doLoadAllFeeds()
                    return
                }
            } catch {
                output?.handleLoadFailed("\(error)", source: "your feeds", lastGood: nil)
                return
            }
        }
        var label = text
        do {
            let source = try ArticleSource(text)
            label = source.label
            switch source {
            case .offline:
                let articles = try ArticleDecoder.articles(from: Data(OfflineArticles.json.utf8), source: label)
                output?.handleArticlesLoaded(articles, from: label, fetched: nil)
            case .url(let url):
                pending = (fetcher.start(url, validators: validators(of: label)), label)
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
            // Kept first: `output?.` would skip the call with no output listening.
            let fetched = keep(articles, for: label, validators: fetch.validators)
            output?.handleArticlesLoaded(articles, from: label, fetched: fetched)
        } catch is ArticleFeedNotModified {
            // Asked with the kept copy's validators, so there is a kept copy; it is current.
            pending = nil
            let kept = cache?.feed(for: label)
            logger.log(.info, "\(label) has not changed", source: "articles")
            let fetched = keep(kept?.articles ?? [], for: label, validators: kept?.validators ?? .none)
            output?.handleArticlesLoaded(kept?.articles ?? [], from: label, fetched: fetched)
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
    private func keep(_ articles: [Article], for source: String, validators: FeedValidators) -> Double? {
        guard let clock else { return nil }
        let now = clock.secondsSince1970
        do {
            try cache?.save(CachedFeed(articles: articles, fetched: now, validators: validators), for: source)
        } catch {
            logger.log(.warning, "\(error)", source: "articles")
        }
        return now
    }
}
