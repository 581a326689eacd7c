import Contracts
import Foundation
import Testing
import ViperTestSupport
@testable import ArticlesPlugin

/// RSS 2.0, Atom and JSON Feed 1.1, told apart by their content (not the address or the
/// server's content type), read from the fixture files without a network.
@Suite struct ArticleFeedFormatTests {
    private func articles(_ file: String) throws -> [Article] {
        let data = try Data(contentsOf: URL(fileURLWithPath: BuildProducts.articleFixtures + "/feeds/" + file))
        return try ArticleDecoder.articles(from: data, source: file)
    }

    @Test func readsAnRSSFeed() throws {
        #expect(try articles("rss.xml") == [
            Article(title: "VIPER & plugins", authors: "Ada Lovelace", date: "2026-12-01 08:30",
                    website: "https://blog.example/viper", content: "Routers by protocol .", imageURL: ""),
            Article(title: "Second post", authors: "", date: "2026-11-30 10:00",
                    website: "https://blog.example/second", content: "Plain text.", imageURL: ""),
        ])
    }

    @Test func readsAnAtomFeedTakingTheAlternateLinkAndThePublishedDate() throws {
        #expect(try articles("atom.xml") == [
            Article(title: "Modules that never import each other", authors: "Grace Hopper", date: "2026-11-29 12:00",
                    website: "https://atom.example/modules", content: "Contracts only.", imageURL: ""),
        ])
    }

    @Test func readsAJSONFeed() throws {
        #expect(try articles("feed.json") == [
            Article(title: "JSON Feed, read", authors: "Alan Turing", date: "2026-11-28 07:15",
                    website: "https://json.example/read", content: "Decoded with Foundation .", imageURL: ""),
        ])
    }

    @Test func theArticlesAppsOwnListStillReads() throws {
        #expect(try articles("articles.json").first?.title == "Clean Architecture on a terminal")
    }

    @Test func xmlThatIsNoFeedOrCutShortOrNotWellFormedIsRefusedWithWhatToDo() {
        #expect { try ArticleDecoder.articles(from: Data("<html><body>hi</body></html>".utf8), source: "http://x/") } throws: {
            "\($0)" == "http://x/ sent XML that is neither an RSS 2.0 nor an Atom feed; check the address"
        }
        #expect { try ArticleDecoder.articles(from: Data("<rss><channel>".utf8), source: "http://x/") } throws: {
            "\($0)" == "http://x/ sent XML that ends inside <rss><channel> (cut short?); try 'refresh'"
        }
        #expect(throws: ArticleSourceError.self) { try ArticleDecoder.articles(from: Data("<rss><channel></rss>".utf8), source: "http://x/") }
    }
}
