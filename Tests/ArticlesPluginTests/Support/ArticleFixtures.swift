import ConformanceKit
import Foundation
@testable import ArticlesPlugin

/// Small feeds for the Interactor's and Presenter's tests, and an Interactor wired to doubles.
enum ArticleFixtures {
    /// An RSS feed titled `title` whose items are (id, title, RFC 822 date or garbage).
    static func rss(_ title: String, _ items: [(id: String, title: String, date: String)], text: String = "Body") -> Data {
        var xml = "<rss version=\"2.0\"><channel><title>\(title)</title><link>https://\(title.lowercased()).example/</link>"
        for item in items {
            xml += "<item><guid>\(item.id)</guid><title>\(item.title)</title><link>/posts/\(item.id).html</link>"
            xml += "<pubDate>\(item.date)</pubDate><description>\(text) \(item.title)</description></item>"
        }
        return Data((xml + "</channel></rss>").utf8)
    }

    /// The Interactor over `fetcher`, memory stores, and the clock at `now` (seconds since 1970).
    static func interactor(fetcher: SpyArticleFetcher, subscriptions: [String] = [], now: Double = 1_796_115_600,
                           cache: MemoryArticleCache = MemoryArticleCache(), read: MemoryReadArticles = MemoryReadArticles(),
                           settings: MemoryFeedSettings = MemoryFeedSettings())
        -> (ArticleListInteractor, FixedClock, MemoryFeedSubscriptions) {
        let clock = FixedClock(secondsSince1970: now)
        let kept = MemoryFeedSubscriptions(subscriptions)
        let interactor = ArticleListInteractor(fetcher: fetcher, logger: MemoryLogger(), cache: cache, clock: clock, foregroundWait: 3,
                                               subscriptions: kept, readArticles: read, settings: settings)
        return (interactor, clock, kept)
    }
}
