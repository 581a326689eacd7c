import Testing
@testable import ArticlesPlugin

/// newsboat's urls file as its users write it.
@Suite struct NewsboatURLsTests {
    @Test func eachLineIsAFeedWithItsTitleTagAndCommentsAreSkipped() throws {
        let text = """
            # my feeds
            https://a.example/feed.xml "tech" "~Site A"   # the one I read first

            https://b.example/rss news
            "query:Unread:unread = \\"yes\\""
            """
        let feeds = try #require(NewsboatURLs.feeds(from: text))
        #expect(feeds == [
            OPML.Feed(address: "https://a.example/feed.xml", title: "Site A"),
            OPML.Feed(address: "https://b.example/rss", title: ""),
            OPML.Feed(address: "query:Unread:unread = \"yes\"", title: ""),
        ])
    }

    @Test func textThatDoesNotStartWithAnAddressIsNotAURLsFile() {
        #expect(NewsboatURLs.feeds(from: "just some notes\nhttps://a.example/") == nil)
        #expect(NewsboatURLs.feeds(from: "# only a comment\n") == nil)
    }
}
