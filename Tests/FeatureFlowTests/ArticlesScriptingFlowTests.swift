import Foundation
import Testing
import ViperTestSupport

/// The Articles lists as a script reads them: `viper --json` against the fixture server prints
/// the feeds screen and each list of articles as one JSON array a line, which JSONSerialization
/// (as `jq` would) reads, with links resolved and dates carrying their offset.
@Suite struct ArticlesScriptingFlowTests {
    /// Each line of `stdout` as a JSON array of objects.
    private func arrays(_ stdout: String) throws -> [[[String: Any]]] {
        try stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [[String: Any]], "not a JSON array: \(line)")
        }
    }

    @Test func feedsAndArticlesComeOutAsJSONAScriptReads() throws {
        let server = try FixtureServer.shared()
        let a = server.url("site-a.xml?\(UUID().uuidString)"), b = server.url("site-b.xml?\(UUID().uuidString)")
        var session = ViperSession()
        session.environment["VIPER_TZ"] = "America/New_York"
        let setUp = try session.run(["-c", "open articles; subscribe \(a); subscribe \(b)"])
        #expect(setUp.status == 0, "stderr: \(setUp.stderr)")

        let feedsRun = try session.run(["--json", "-c", "open articles"])
        #expect(feedsRun.status == 0 && feedsRun.stderr.isEmpty, "stderr: \(feedsRun.stderr)")
        let feeds = try #require(try arrays(feedsRun.stdout).first)
        #expect(try arrays(feedsRun.stdout).count == 1, "the feeds screen and nothing else: \(feedsRun.stdout)")
        #expect(feeds.map { $0["number"] as? Int } == [1, 2])
        #expect(feeds.map { $0["url"] as? String } == [a, b])
        #expect(feeds.first?["title"] as? String == "Site A & friends")
        #expect(feeds.first?["unread"] as? Int == 4)
        #expect(feeds.first?["total"] as? Int == 4)
        #expect(feeds.first?["lastFetched"] as? String == "2026-12-01T04:00:00-05:00")

        // Each command that changes the list prints it again: feed 1's articles, then with one read.
        let reading = try session.run(["--json", "-c", "open articles; read 1; markread 1"])
        #expect(reading.status == 0 && reading.stderr.isEmpty, "stderr: \(reading.stderr)")
        let lists = try arrays(reading.stdout)
        #expect(lists.count == 2, "stdout: \(reading.stdout)")
        let articles = try #require(lists.first)
        #expect(articles.map { $0["title"] as? String } == ["Welcome to A", "Raw paragraphs", "Old news", "Undated garbage"])
        let welcome = try #require(articles.first)
        #expect(welcome["feed"] as? String == a)
        #expect(welcome["link"] as? String == server.url("posts/welcome.html"))
        #expect(welcome["author"] as? String == "Ada Lovelace")
        #expect(welcome["published"] as? String == "2026-12-01T09:00:00-05:00")
        #expect(welcome["read"] as? Bool == false)
        let enclosure = try #require((welcome["enclosures"] as? [[String: Any]])?.first)
        #expect(enclosure["url"] as? String == server.url("media/welcome.mp3"))
        #expect(enclosure["length"] as? Int == 3_145_728)
        #expect(articles.last?["published"] is NSNull)
        #expect(lists.last?.map { $0["read"] as? Bool } == [true, false, false, false])

        let unread = try session.run(["--json", "-c", "open articles; unread"])
        #expect(unread.status == 0, "stderr: \(unread.stderr)")
        let left = try #require(try arrays(unread.stdout).last)
        #expect(left.count == 4, "site A's 4 and site B's 1, less the one read: \(unread.stdout)")
        #expect(!left.contains { $0["title"] as? String == "Welcome to A" })

        let found = try session.run(["--json", "-c", "open articles; all; find paragraph"])
        #expect(found.status == 0, "stderr: \(found.stderr)")
        #expect(try arrays(found.stdout).last?.map { $0["title"] as? String } == ["Raw paragraphs"])
        #expect(try arrays(found.stdout).last?.first?["number"] as? Int == 1)
    }

    @Test func aFailedRefreshKeepsStandardOutputJSONAndSaysWhyOnStandardError() throws {
        let server = try FixtureServer.shared()
        let once = server.url("once/\(UUID().uuidString).json")
        let session = ViperSession()
        #expect(try session.run(["-c", "open articles; subscribe \(once)"]).status == 0)
        let result = try session.run(["--json", "-c", "open articles; refresh"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: refresh: a feed failed: \(once) answered 500"), "stderr: \(result.stderr)")
        let feeds = try arrays(result.stdout)
        #expect(feeds.count == 1, "the feeds screen, kept copy and all, and no error line: \(result.stdout)")
        #expect(feeds.first?.map { $0["url"] as? String } == [once])
    }

    @Test func aFeedThatFailsWhileTheListOpensIsAnErrorLineOnStandardErrorAndFailsTheScript() throws {
        let server = try FixtureServer.shared()
        let once = server.url("once/\(UUID().uuidString).json")
        let session = ViperSession()
        #expect(try session.run(["-c", "open articles; subscribe \(once); maxage 0"]).status == 0)
        let failed = "error: \(once) answered 500"

        let json = try session.run(["--json", "-c", "open articles"])
        #expect(json.status == 1, "a feed failed while the list opened: the script fails")
        #expect(json.stderr.components(separatedBy: "\n").filter { $0.hasPrefix(failed) }.count == 1, "one line: \(json.stderr)")
        let feeds = try arrays(json.stdout)
        #expect(feeds.count == 1, "only JSON on standard output: \(json.stdout)")
        #expect(feeds.first?.map { $0["url"] as? String } == [once], "the kept copy is listed")

        let plain = try session.run(["--plain", "-c", "open articles; all"])
        #expect(plain.status == 1)
        #expect(!plain.stdout.contains("error:"), "stdout: \(plain.stdout)")
        #expect(plain.stderr.components(separatedBy: "\n").filter { $0.hasPrefix(failed) }.count == 1,
                "said once, though the feeds screen and the list of every feed both draw it: \(plain.stderr)")
    }
}
