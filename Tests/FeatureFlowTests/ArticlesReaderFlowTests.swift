import Foundation
import Testing
import ViperTestSupport

/// The Articles plugin as a newsboat user lives with it, through the built `viper` and the
/// fixture server: kept copies within the maximum age (counted at the server), relative links
/// that open, a refresh that fails a script, OPML in and out, and a refresh that waits on a
/// slow server without spending CPU (measured with getrusage, never timed).
@Suite struct ArticlesReaderFlowTests {
    @Test func openingWithinTheMaximumAgeAsksTheServerNothingAndAfterItAsksOnce() throws {
        let server = try FixtureServer.shared()
        let tag = UUID().uuidString
        let paths = (1...10).map { "site-b.xml?feed=\($0)-\(tag)" }
        var session = ViperSession()
        let first = try session.shell(["open articles"] + paths.map { "subscribe \(server.url($0))" } + ["quit"])
        #expect(first.status == 0, "stderr: \(first.stderr)")
        #expect(paths.map(server.requests) == Array(repeating: 1, count: 10))

        session.environment["VIPER_NOW"] = "2026-12-01T09:20:00Z"
        let warm = try session.shell(["open articles", "all", "quit"])
        #expect(warm.status == 0, "stderr: \(warm.stderr)")
        #expect(Screens(warm.stdout).first("Home › Articles").contains("  Feeds     10, 10 unread"))
        #expect(paths.map(server.requests) == Array(repeating: 1, count: 10), "no request within 30 minutes")

        session.environment["VIPER_NOW"] = "2026-12-01T09:31:00Z"
        let stale = try session.shell(["open articles", "quit"])
        #expect(stale.status == 0, "stderr: \(stale.stderr)")
        #expect(paths.map(server.requests) == Array(repeating: 2, count: 10))

        let forced = try session.shell(["open articles", "read 3", "refresh", "quit"])
        #expect(forced.status == 0, "stderr: \(forced.stderr)")
        #expect(paths.map(server.requests) == [2, 2, 3, 2, 2, 2, 2, 2, 2, 2], "refresh on a feed's list fetches that feed")
    }

    @Test func aRelativeLinkOpensResolvedAndBrowsingMarksTheArticleRead() throws {
        var session = ViperSession()
        let log = session.home + "/browsed.txt"
        let browser = session.home + "/browser.sh"
        try "#!/bin/sh\nprintf '%s\\n' \"$1\" >> \(log)\n".write(toFile: browser, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: browser)
        session.environment["BROWSER"] = browser
        session.environment["VIPER_TZ"] = "America/New_York"
        let server = try FixtureServer.shared()
        let feed = server.url("site-a.xml?\(UUID().uuidString)")
        let result = try session.shell(["open articles", "subscribe \(feed)", "read 1", "browse 1", "show 2", "quit"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(try String(contentsOfFile: log, encoding: .utf8) == server.url("posts/welcome.html") + "\n")
        let screens = Screens(result.stdout)
        let list = screens.last("Home › Articles")
        #expect(list.contains("  1.   Welcome to A — Ada Lovelace, 2026-12-01 09:00 EST"))
        #expect(list.contains("  4. * Undated garbage — sometime last week"))
        let article = screens.last("Home › Articles › Article")
        #expect(article.contains("First paragraph with a link [1]."))
        #expect(article.contains("  • nested"))
        #expect(article.contains("[1] " + server.url("about")))
    }

    @Test func whatAnEarlierVersionKeptIsFetchedAgainAndItsReadMarksMovedOver() throws {
        let server = try FixtureServer.shared()
        let path = "site-a.xml?\(UUID().uuidString)"
        let feed = server.url(path)
        let session = ViperSession()
        // As the previous release left them: read marks by the link as the feed wrote it, one
        // cache file with the old rows, fetched a minute ago.
        try JSONEncoder().encode([feed]).write(to: URL(fileURLWithPath: session.dataFolder + "/feeds.json"))
        try JSONEncoder().encode(["/posts/garbage.html"]).write(to: URL(fileURLWithPath: session.dataFolder + "/articles-read.json"))
        let old = #"{"\#(feed)": {"fetched": 1796115540, "articles": [{"title": "Undated garbage", "authors": "", "date": "sometime last week", "website": "/posts/garbage.html", "content": "", "imageUrl": ""}]}}"#
        try Data(old.utf8).write(to: URL(fileURLWithPath: session.dataFolder + "/articles-cache.json"))
        let result = try session.shell(["open articles", "read 1", "quit"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(server.requests(for: path) == 1, "the old copy is fetched again though it is a minute old")
        let list = Screens(result.stdout).last("Home › Articles")
        #expect(list.contains("  4.   Undated garbage — sometime last week"))
        #expect(list.contains("  1. * Welcome to A — Ada Lovelace, 2026-12-01 14:00 UTC"))
    }

    @Test func aScriptWhoseRefreshFailedExitsOneAndSaysWhichFeed() throws {
        let server = try FixtureServer.shared()
        let once = server.url("once/\(UUID().uuidString).json")
        let session = ViperSession()
        #expect(try session.shell(["open articles", "subscribe \(once)", "subscribe \(server.url("rss.xml"))", "quit"]).status == 0)
        let result = try session.run(["-c", "open articles; refresh"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: refresh: a feed failed: \(once) answered 500 (Internal Server Error); try 'refresh' later or another source (showing the kept copy); the rest are up to date"))
        let ok = try session.run(["-c", "open articles; read 2; refresh"])
        #expect(ok.status == 0, "stderr: \(ok.stderr)")
    }

    @Test func opmlImportAddsTheFeedsAndExportWritesThemBack() throws {
        let session = ViperSession()
        let opml = BuildProducts.articleFixtures + "/feeds/subscriptions.opml"
        let out = session.home + "/out.opml"
        let result = try session.shell(["open articles", "maxage 1d", "import \(opml)", "export \(out)", "export \(out)", "quit"])
        #expect(result.status == 1, "the second export refuses to overwrite")
        #expect(result.stderr.contains("error: \(out) exists; nothing was written (choose a new name, or move it away first)"))
        #expect(Screens(result.stdout).screens.contains { $0.contains("Imported 3 feeds. 'refresh' fetches them.") })
        let written = try String(contentsOfFile: out, encoding: .utf8)
        #expect(written.contains(#"xmlUrl="https://json.example/site/feed.json""#))
        #expect(try String(contentsOfFile: session.dataFolder + "/feeds.json", encoding: .utf8).contains("atom.example"))
    }

    @Test func aRefreshWaitingOnASlowServerSpendsAlmostNoCPU() throws {
        let server = try FixtureServer.shared()
        let slow = "slow/3/site-b.xml?\(UUID().uuidString)"
        let fast = "site-b.xml?\(UUID().uuidString)"
        let session = ViperSession()
        #expect(try session.shell(["open articles", "subscribe \(server.url(fast))", "quit"]).status == 0)
        // The same session twice: once answered at once, once by a server that waits 3 s.
        let quick = try Rusage.ofChild(BuildProducts.viper, ["-c", "open articles; refresh"], environment: session.environment)
        let other = ViperSession()
        #expect(try other.shell(["open articles", "subscribe \(server.url(fast))", "maxage 1d", "quit"]).status == 0)
        try Data("[\"\(server.url(slow))\"]".utf8).write(to: URL(fileURLWithPath: other.dataFolder + "/feeds.json"))
        let waiting = try Rusage.ofChild(BuildProducts.viper, ["-c", "open articles; refresh"], environment: other.environment)
        // Opening fetched the feed it had no copy of, and `refresh` fetched it again: two 3 s waits.
        #expect(server.requests(for: slow) == 2)
        #expect(quick.status == 0 && waiting.status == 0)
        let extraCPU = max(0, waiting.cpu - quick.cpu), extraWall = waiting.wall - quick.wall
        #expect(extraWall > 1, "the slow server held the refresh: \(waiting) against \(quick)")
        #expect(extraCPU <= 0.1 * extraWall, "CPU while waiting: \(extraCPU) s over \(extraWall) s (\(waiting) against \(quick))")
    }
}
