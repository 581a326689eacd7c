import Foundation
import Testing
import ViperTestSupport

/// Whole sessions of the built `viper` with the Articles plugin.
@Suite struct ArticlesFlowTests {
    @Test func openTheBuiltInListAndOneArticle() throws {
        let result = try ViperSession().shell(["open articles", "show 2", "back", "quit"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let screens = Screens(result.stdout)
        #expect(screens.breadcrumbs == ["Home › Articles", "Home › Articles › Article", "Home › Articles"])
        let list = screens.last("Home › Articles")
        #expect(list.contains("  Source   built-in sample (offline)"))
        #expect(list.contains("  2.   Module input, module output — viper sample, 2026-11-16"), "read now")
        #expect(list.contains("  3. * Modules that never import each other — viper sample, 2026-11-09"))
        let article = screens.last("Home › Articles › Article")
        #expect(article.contains("Module input, module output"))
        #expect(article.contains("  By        viper sample"))
    }

    @Test func aFeedFetchedOverHTTPIsListedAndItsArticleShown() throws {
        let feed = try FixtureServer.shared().url("articles.json")
        let result = try ViperSession().shell(["open articles?source=\(feed)", "show 2", "quit"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let screens = Screens(result.stdout)
        let list = screens.last("Home › Articles")
        #expect(list.contains("  Source    \(feed)"))
        #expect(list.contains("  Updated   fetched 2026-12-01 09:00 UTC"))
        #expect(list.contains("  1. * Clean Architecture on a terminal — Ada Lovelace, 2026-10-01"))
        #expect(list.contains("  2. * Routers by protocol"))
        #expect(screens.last("Home › Articles › Article").contains("  This article has no text."))
    }

    @Test func aServerErrorIsShownWithItsStatus() throws {
        let feed = try FixtureServer.shared().url("status/500")
        let result = try ViperSession().shell(["open articles?source=\(feed)", "quit"])
        #expect(result.exitedNormally)
        #expect(Screens(result.stdout).last("Home › Articles")
            .contains("error: \(feed) answered 500 (Internal Server Error); try 'refresh' later or another source"))
    }

    @Test func aSourceThatRefusesTheConnectionIsShownNotCrashed() throws {
        let result = try ViperSession().shell(["open articles?source=http://127.0.0.1:9/feed.json", "show 1", "quit"])
        #expect(result.exitedNormally)
        let list = Screens(result.stdout).last("Home › Articles")
        #expect(list.contains { $0.hasPrefix("error: cannot reach http://127.0.0.1:9/feed.json: ") })
        #expect(list.contains("Type 'refresh' to try again, or 'source URL' for another feed."))
        #expect(result.stderr.contains("error: there are no articles to show; 'refresh' or try another 'source URL'"))
    }

    @Test func aFeedFromAFileURLIsListed() throws {
        let feed = "file://" + BuildProducts.articleFixtures + "/feeds/articles.json"
        let result = try ViperSession().shell(["open articles?source=\(feed)", "show 1", "quit"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let screens = Screens(result.stdout)
        #expect(screens.last("Home › Articles").contains("  1. * Clean Architecture on a terminal — Ada Lovelace, 2026-10-01"))
        #expect(screens.last("Home › Articles › Article").contains("Second paragraph."))
    }
}

/// RSS and Atom feeds served over HTTP by the local fixture server, read by the built `viper`.
@Suite struct ArticleFeedFormatFlowTests {
    @Test func anRSSFeedOverHTTPIsListedWithItsDatesAndLinks() throws {
        let feed = try FixtureServer.shared().url("rss.xml")
        let result = try ViperSession().shell(["open articles?source=\(feed)", "show 1", "quit"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let screens = Screens(result.stdout)
        let list = screens.last("Home › Articles")
        #expect(list.contains("  1. * VIPER & plugins — Ada Lovelace, 2026-12-01 08:30 UTC"))
        #expect(list.contains("  2. * Second post — 2026-11-30 10:00 UTC"))
        #expect(screens.last("Home › Articles › Article").contains("Routers by protocol."))
    }

    @Test func anAtomFeedOverHTTPIsListed() throws {
        let feed = try FixtureServer.shared().url("atom.xml")
        let result = try ViperSession().shell(["open articles?source=\(feed)", "quit"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(Screens(result.stdout).last("Home › Articles").contains("  1. * Modules that never import each other — Grace Hopper, 2026-11-29 12:00 UTC"))
    }
}

/// `browse N` through the built `viper`: the page goes to `$BROWSER`; without one, the address is shown.
@Suite struct ArticleBrowseFlowTests {
    @Test func browseHandsTheArticlesAddressToTheBrowser() throws {
        var session = ViperSession()
        let log = session.home + "/browsed.txt"
        let browser = session.home + "/browser.sh"
        try "#!/bin/sh\nprintf '%s\\n' \"$1\" >> \(log)\n".write(toFile: browser, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: browser)
        session.environment["BROWSER"] = browser
        let feed = try FixtureServer.shared().url("rss.xml")
        let result = try session.shell(["open articles?source=\(feed)", "browse 2", "show 1", "browse", "quit"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "https://blog.example/second\nhttps://blog.example/viper\n")
        #expect(Screens(result.stdout).last("Home › Articles › Article").contains("Opened https://blog.example/viper."))
    }

    @Test func withoutABrowserTheAddressIsShown() throws {
        var session = ViperSession()
        session.environment.removeValue(forKey: "BROWSER")
        session.environment["PATH"] = "/nonexistent"
        let feed = try FixtureServer.shared().url("atom.xml")
        let result = try session.shell(["open articles?source=\(feed)", "browse 1", "quit"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(Screens(result.stdout).last("Home › Articles")
            .contains("No browser is set (set BROWSER, or install xdg-open); the address is https://atom.example/modules"))
    }
}

/// Subscriptions kept in the data folder, newsboat's feeds screen, and every feed read into
/// one list, through the built `viper`.
@Suite struct ArticleSubscriptionFlowTests {
    @Test func subscribeFetchesOnceAndRefusesWhatIsNotAFeedAndTheFeedsScreenCountsUnread() throws {
        let server = try FixtureServer.shared()
        let session = ViperSession()
        let first = try session.shell(["open articles", "subscribe \(server.url("rss.xml"))", "subscribe \(server.url("atom.xml"))",
                                       "subscribe \(server.url("status/500"))", "subscribe \(server.url("page.html"))", "quit"])
        #expect(first.status == 1, "two subscriptions were refused")
        #expect(first.stderr.contains("error: cannot subscribe to \(server.url("status/500")): \(server.url("status/500")) answered 500 (Internal Server Error); try 'refresh' later or another source; nothing was subscribed"))
        #expect(first.stderr.contains("error: cannot subscribe: \(server.url("page.html")) is a web page, not a feed; it names its feed: \(server.url("feeds/rss.xml")); nothing was subscribed"))
        #expect(Screens(first.stdout).last("Home › Articles").contains("Subscribed to An Atom feed (1 article). 'read 2' reads it."))

        let second = try session.shell(["open articles", "read 1", "show 2", "back", "feeds", "all", "unsubscribe 2", "quit"])
        #expect(second.status == 0, "stderr: \(second.stderr)")
        let screens = Screens(second.stdout)
        let feeds = screens.first("Home › Articles")
        #expect(feeds.contains("  Feeds     2, 3 unread"))
        #expect(feeds.contains("  1. * A terminal blog — 2 unread of 2"))
        #expect(feeds.contains("  2. * An Atom feed — 1 unread of 1"))
        #expect(screens.screens[1].contains("  Feed      A terminal blog (\(server.url("rss.xml")))"))
        let afterReading = screens.screens.filter { $0.first?.hasPrefix("── Home › Articles ─") == true }
        #expect(afterReading.count >= 5)
        #expect(afterReading.count >= 5 && afterReading[3].contains("  1. * A terminal blog — 1 unread of 2"))
        #expect(afterReading.count >= 5 && afterReading[4].contains("  3. * Modules that never import each other — Grace Hopper, 2026-11-29 12:00 UTC · An Atom feed"))
        #expect(screens.last("Home › Articles").contains("Unsubscribed from An Atom feed."))
        let kept = try String(contentsOfFile: session.dataFolder + "/feeds.json", encoding: .utf8)
        #expect(!kept.contains("atom") && !kept.contains("status"))
    }
}

/// Read and unread kept across runs, through the built `viper`.
@Suite struct ArticleUnreadFlowTests {
    @Test func anArticleReadInOneRunIsNotUnreadInTheNext() throws {
        let feed = try FixtureServer.shared().url("rss.xml")
        let session = ViperSession()
        let first = try session.shell(["open articles?source=\(feed)", "show 2", "quit"])
        #expect(first.status == 0, "stderr: \(first.stderr)")
        let second = try session.shell(["open articles?source=\(feed)", "unread", "quit"])
        #expect(second.status == 0, "stderr: \(second.stderr)")
        let list = Screens(second.stdout).last("Home › Articles")
        #expect(list.contains("  1. * VIPER & plugins — Ada Lovelace, 2026-12-01 08:30 UTC"))
        #expect(!list.contains { $0.contains("Second post") })
        #expect(list.contains("1 unread of these. 'show N' reads one."))
    }
}

/// Conditional requests against the local server (Python's file server answers
/// `If-Modified-Since` with `304 Not Modified`), through the built `viper`.
@Suite struct ArticleConditionalFlowTests {
    @Test func theServersLastModifiedIsKeptAndAnUnchangedFeedStillLists() throws {
        let feed = try FixtureServer.shared().url("rss.xml")
        let session = ViperSession()
        let first = try session.shell(["open articles?source=\(feed)", "quit"])
        #expect(first.status == 0, "stderr: \(first.stderr)")
        let folder = session.dataFolder + "/articles-cache"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".about.json") }
        #expect(files.count == 1)
        let cache = try String(contentsOfFile: folder + "/" + (files.first ?? ""), encoding: .utf8)
        #expect(cache.contains("\"lastModified\""))
        let second = try session.shell(["open articles?source=\(feed)", "refresh", "quit"])
        #expect(second.status == 0, "stderr: \(second.stderr)")
        let list = Screens(second.stdout).last("Home › Articles")
        #expect(list.contains("  1. * VIPER & plugins — Ada Lovelace, 2026-12-01 08:30 UTC"))
        #expect(!list.contains { $0.hasPrefix("error:") })
    }
}
