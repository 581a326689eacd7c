import Foundation
import Testing
import ViperTestSupport

/// Whole sessions of the built `viper`: a list that loaded survives a failed
/// refresh, a kept copy stands in when the source is gone, Ctrl-C stops a fetch
/// from a server that never answers, and the picture's address is shown.
@Suite struct ArticlesRefreshFlowTests {
    @Test func aFailedRefreshKeepsTheListWithTheErrorAboveItAndWhenItWasFetched() throws {
        // The fixture server answers /once/NAME once, then with a server error.
        let feed = try FixtureServer.shared().url("once/\(UUID().uuidString).json")
        let result = try ViperSession().shell(["open articles?source=\(feed)", "refresh", "show 1", "quit"])
        #expect(result.status == 1, "the refresh drew its failure, so the script fails; stderr: \(result.stderr)")
        let screens = Screens(result.stdout)
        let list = screens.last("Home › Articles")
        #expect(list.contains("  Updated   fetched 2026-12-01 09:00 UTC"))
        #expect(list.contains("error: refresh failed: \(feed) answered 500 (Internal Server Error); try 'refresh' later or another source"))
        #expect(list.contains("  1. * Clean Architecture on a terminal — Ada Lovelace, 2026-10-01"))
        let article = screens.last("Home › Articles › Article")
        #expect(article.contains("  Image     http://example.test/a.png"))
    }

    @Test func theKeptCopyOpensWhenTheSourceIsGone() throws {
        let session = ViperSession()
        let file = session.home + "/feed.json"
        try FileManager.default.copyItem(atPath: BuildProducts.articleFixtures + "/feeds/articles.json", toPath: file)
        let first = try session.shell(["open articles?source=file://\(file)", "quit"])
        #expect(first.status == 0, "stderr: \(first.stderr)")
        try FileManager.default.removeItem(atPath: file)

        var later = session
        later.environment["VIPER_NOW"] = "2026-12-02T10:30:00Z"
        let second = try later.shell(["open articles?source=file://\(file)", "show 2", "quit"])
        #expect(second.status == 1, "the source failed (the list says so), so the script fails; stderr: \(second.stderr)")
        let list = Screens(second.stdout).last("Home › Articles")
        #expect(list.contains("  Updated   fetched 2026-12-01 09:00 UTC (kept copy)"))
        #expect(list.contains { $0.hasPrefix("error: refresh failed: cannot read \(file): ") })
        #expect(list.contains("  2. * Routers by protocol"))
        #expect(FileManager.default.fileExists(atPath: session.dataFolder + "/articles-cache"))
    }

    @Test func ctrlCStopsAFetchFromAServerThatNeverAnswersAndTheShellCarriesOn() throws {
        let server = try FixtureServer.shared()
        let path = "never/ctrl-c-\(UUID().uuidString)"
        let never = server.url(path)
        let viper = try ViperSession().start()
        viper.send("open articles")
        try viper.waitFor("4. * VIPER in five roles")
        viper.send("source \(never)")
        // The fetch waits up to 10 s for an answer that never comes; Ctrl-C once its request is there.
        #expect(server.waitUntilAsked(for: path), "viper's request never reached the server")
        viper.interrupt()
        // Only Ctrl-C says this; the fetch's own 10 s timeout would say it failed instead.
        try viper.waitFor("Stopped fetching \(never); the list is as it was.", seconds: 30)
        viper.send("show 1")
        try viper.waitFor("Home › Articles › Article")
        viper.send("quit")
        #expect(try viper.finish().status == 0)
        let list = Screens(viper.printed).last("Home › Articles")
        #expect(list.contains("  Source   built-in sample (offline)"))
        #expect(list.contains("  4. * VIPER in five roles — viper sample, 2026-11-02"))
    }

    /// The shell draws screens the same way at a terminal; a piped session differs only in its
    /// exit status (a script whose refresh failed exits 1).
    @Test func aFailedRefreshDrawsTheListAgainWithItsErrorLine() throws {
        // The fixture server answers /once/NAME once, then with a server error.
        let once = try FixtureServer.shared().url("once/\(UUID().uuidString).json")
        let session = ViperSession()
        #expect(try session.run(["-c", "open articles; subscribe \(once)"]).status == 0)
        let viper = try session.start()
        viper.send("open articles")
        try viper.waitFor("1. * ")
        viper.send("refresh")
        // Only the list drawn again has its own line for the feed (the command's says 'refresh: ').
        try viper.waitFor("error: \(once) answered 500")
        viper.send("quit")
        let result = try viper.finish()
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: refresh: a feed failed: \(once) answered 500"), "stderr: \(result.stderr)")
        let list = Screens(viper.printed).last("Home › Articles")
        #expect(list.contains { $0.hasPrefix("error: \(once) answered 500") }, "the list after the failed refresh: \(list)")
    }

    @Test func aFetchThatDoesNotAnswerGivesTheShellBackAndCancelStopsIt() throws {
        let never = try FixtureServer.shared().url("never")
        let result = try ViperSession().shell(["open articles", "source \(never)", "cancel", "show 1", "back", "cancel", "quit"])
        // The command waits 3 s for the feed, then the shell goes on. That it came back before the
        // fetch's 10 s timeout shows in the screens: 'cancel' still finds the fetch running.
        let screens = Screens(result.stdout)
        let lists = screens.screens.filter { $0.first?.hasPrefix("── Home › Articles ─") == true }
        #expect(lists.count >= 3)
        let waiting = lists.count >= 3 ? lists[1] : []
        #expect(waiting.contains("Still fetching \(never): type 'cancel' to stop it; the list updates after your next command."))
        #expect(waiting.contains("  4. * VIPER in five roles — viper sample, 2026-11-02"))
        let stopped = lists.count >= 3 ? lists[2] : []
        #expect(stopped.contains("Stopped fetching \(never); the list is as it was."))
        #expect(stopped.contains("  Source   built-in sample (offline)"))
        #expect(screens.last("Home › Articles › Article").contains("Testing a VIPER module layer by layer"))
        #expect(result.stderr.contains("error: nothing is being fetched; 'refresh' fetches the list again"))
    }
}
