import Contracts
import Foundation
import Testing
import ViperTestSupport
@testable import ArticlesPlugin

/// RSS 2.0, Atom and JSON Feed 1.1, told apart by their content (not the address or the
/// server's content type), read from the fixture files without a network; hostile ones too:
/// relative links, `xml:base`, raw HTML inside `<description>`, entities, bad dates.
@Suite struct ArticleFeedFormatTests {
    private func document(_ file: String, from address: String? = nil) throws -> FeedDocument {
        let data = try Data(contentsOf: URL(fileURLWithPath: BuildProducts.articleFixtures + "/feeds/" + file))
        return try ArticleDecoder.document(from: data, source: address ?? "https://feeds.example/\(file)")
    }

    @Test func readsAnRSSFeed() throws {
        let feed = try document("rss.xml")
        #expect(feed.title == "A terminal blog")
        #expect(feed.items.map(\.title) == ["VIPER & plugins", "Second post"])
        #expect(feed.items.map(\.link) == ["https://blog.example/viper", "https://blog.example/second"])
        #expect(feed.items.first?.author == "Ada Lovelace")
        #expect(feed.items.first?.text == "Routers by protocol.")
        #expect(feed.items.first?.published == 1_796_113_800)
    }

    @Test func readsAnAtomFeedTakingTheAlternateLinkAndThePublishedDate() throws {
        let item = try #require(try document("atom.xml").items.first)
        #expect(item.link == "https://atom.example/modules")
        #expect(item.id == "urn:uuid:1")
        #expect(item.author == "Grace Hopper")
        #expect(item.text == "Contracts only.")
        #expect(item.dateText == "2026-11-29T12:00:00Z")
    }

    @Test func readsAJSONFeed() throws {
        let item = try #require(try document("feed.json").items.first)
        #expect(item.title == "JSON Feed, read")
        #expect(item.link == "https://json.example/read")
        #expect(item.author == "Alan Turing")
    }

    @Test func rssRelativeLinksResolveAgainstTheChannelLinkAndTheFeedsAddress() throws {
        let feed = try document("site-a.xml", from: "http://a.example/feeds/site-a.xml")
        #expect(feed.site == "http://a.example/")
        #expect(feed.title == "Site A & friends")
        #expect(feed.items.map(\.link) == ["http://a.example/posts/welcome.html", "http://a.example/posts/raw.html",
                                           "http://a.example/posts/garbage.html", "http://a.example/posts/old.html"])
        let welcome = feed.items[0]
        #expect(welcome.id == "a-welcome")
        #expect(welcome.author == "Ada Lovelace")
        #expect(welcome.text == "We shipped 1.0! See the changes [1]. © 2026 — A’s team")
        #expect(welcome.links == ["http://a.example/posts/changes.html"])
        #expect(welcome.enclosures == [FeedEnclosure(url: "http://a.example/media/welcome.mp3", type: "audio/mpeg", length: 3_145_728)])
        #expect(welcome.published == 1_796_133_600, "Tue, 01 Dec 26 09:00:00 EST is 14:00 UTC")
    }

    @Test func rawParagraphsInsideADescriptionAreKeptAsText() throws {
        let raw = try document("site-a.xml", from: "http://a.example/feeds/site-a.xml").items[1]
        #expect(raw.text == "First paragraph with a link [1].\n\n• one\n• two\n  • nested\n\n1. first\n2. second\n\nLast & least.")
        #expect(raw.links == ["http://a.example/about"])
    }

    @Test func contentEncodedWinsOverTheDescriptionAndAGarbageDateIsKeptAsSent() throws {
        let items = try document("site-a.xml", from: "http://a.example/feeds/site-a.xml").items
        #expect(items[2].published == nil)
        #expect(items[2].dateText == "sometime last week")
        #expect(items[3].text == "Heading\n\nBody with [image: a chart] [1] and a fragment.\n\n> Quoted words\n\n  code   kept\n  as is")
        #expect(items[3].links == ["http://a.example/img/x.png"])
        #expect(items[3].published == 912_859_200)
    }

    @Test func atomXMLBaseResolvesLinksEnclosuresAndTheContentsLinks() throws {
        let feed = try document("base.atom", from: "https://atom.example/feed.atom")
        #expect(feed.title == "Atom & bases")
        let first = feed.items[0]
        #expect(first.link == "https://atom.example/blog/2026/entry.html")
        #expect(first.enclosures == [FeedEnclosure(url: "https://atom.example/blog/2026/talk.pdf", type: "application/pdf", length: 2048)])
        #expect(first.text == "The content, with a picture [1].", "Atom content over summary")
        #expect(first.links == ["https://cdn.example/x/img.html"])
        #expect(first.published == 1_795_950_000.25)
    }

    @Test func atomXHTMLTitlesAndContentAndPlainTextContentRead() throws {
        let items = try document("base.atom", from: "https://atom.example/feed.atom").items
        #expect(items[1].title == "An xhtml title")
        #expect(items[1].link == "https://atom.example/root.html")
        #expect(items[1].text == "Inline & relative [1].")
        #expect(items[1].links == ["https://atom.example/blog/rel.html"])
        #expect(items[2].text == "Text with <b> shown as written.")
        #expect(items[2].published == nil)
        #expect(items[2].link == "")
        #expect(items[2].id == "tag:atom.example,2026:3")
    }

    @Test func jsonFeedURLsResolveAgainstTheHomePageAndNumericIdsRead() throws {
        let feed = try document("relative.json", from: "https://elsewhere.example/feed.json")
        #expect(feed.title == "JSON & relative")
        let item = feed.items[0]
        #expect(item.id == "42")
        #expect(item.link == "https://json.example/site/posts/42.html")
        #expect(item.text == "See other [1] … and © &unknown; stays.")
        #expect(item.links == ["https://json.example/site/other.html"])
        #expect(item.enclosures == [FeedEnclosure(url: "https://json.example/files/talk.mp3", type: "audio/mpeg", length: 1_048_576)])
        #expect(feed.items[1].text == "Line one.\n\nLine two.")
    }

    @Test func twoFeedsWithTheSamePathAreTwoItems() throws {
        let a = try document("site-a.xml", from: "http://a.example/site-a.xml").items[0]
        let b = try document("site-b.xml", from: "http://b.example/site-b.xml").items[0]
        #expect(a.link != b.link)
        #expect(b.link == "https://b.example/posts/welcome.html")
        #expect(a.readKey != b.readKey)
    }

    @Test func readsAnRSS1Feed() throws {
        let xml = """
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
            <channel rdf:about="https://old.example/"><title>Old school</title><link>https://old.example/</link></channel>
            <item rdf:about="https://old.example/1"><title>One</title><link>/1</link><dc:date>2026-12-01T09:00:00Z</dc:date>
            <dc:creator>Tim</dc:creator><description>First &amp;amp; only</description></item>
            </rdf:RDF>
            """
        let feed = try ArticleDecoder.document(from: Data(xml.utf8), source: "https://old.example/index.rdf")
        #expect(feed.title == "Old school")
        #expect(feed.items.map(\.link) == ["https://old.example/1"])
        #expect(feed.items.first?.author == "Tim")
        #expect(feed.items.first?.text == "First & only")
        #expect(feed.items.first?.published == 1_796_115_600)
    }

    @Test func theArticlesAppsOwnListStillReads() throws {
        #expect(try document("articles.json").items.first?.title == "Clean Architecture on a terminal")
    }

    @Test func aWebPageIsRefusedNamingTheFeedItAnnounces() throws {
        #expect { try document("page.html", from: "https://blog.example/") } throws: {
            "\($0)" == "https://blog.example/ is a web page, not a feed; it names its feed: https://blog.example/feeds/rss.xml"
        }
    }

    @Test func textThatIsNoFeedIsRefused() throws {
        #expect { try document("notafeed.txt", from: "https://x.example/a") } throws: {
            "\($0)".hasPrefix("https://x.example/a did not send an RSS, Atom or JSON feed")
        }
    }

    @Test func xmlThatIsNoFeedOrCutShortOrNotWellFormedIsRefusedWithWhatToDo() {
        #expect { try ArticleDecoder.document(from: Data("<opml><body/></opml>".utf8), source: "http://x/") } throws: {
            "\($0)" == "http://x/ sent XML that is neither an RSS nor an Atom feed; check the address"
        }
        #expect { try ArticleDecoder.document(from: Data("<rss><channel>".utf8), source: "http://x/") } throws: {
            "\($0)" == "http://x/ sent XML that ends inside <rss><channel> (cut short?); try 'refresh'"
        }
        #expect(throws: ArticleSourceError.self) { try ArticleDecoder.document(from: Data("<rss><channel></rss>".utf8), source: "http://x/") }
    }

    @Test func htmlEntitiesUndeclaredInXMLAreReadAsABrowserWould() throws {
        let xml = "<rss><channel><title>T&nbsp;&eacute;</title><item><title>Caf&eacute; &amp; bar &copy;</title><guid>1</guid></item></channel></rss>"
        let feed = try ArticleDecoder.document(from: Data(xml.utf8), source: "http://x/")
        #expect(feed.items.map(\.title) == ["Café & bar ©"])
    }

    @Test func nestedEntitiesDeclaredByTheFeedAreNeverExpanded() throws {
        // A billion laughs: expanded, the title would be 3 GB.
        let feed = try document("entity-bomb.xml")
        #expect(feed.items.map(\.title) == ["&lol9;"])
    }

    @Test func aHugeFeedReadsEveryItem() throws {
        var xml = "<rss><channel><title>Huge</title><link>https://huge.example/</link>"
        for index in 0..<5000 {
            xml += "<item><title>Item \(index)</title><link>/p/\(index)</link><guid>g\(index)</guid><pubDate>Tue, 01 Dec 2026 09:00:00 GMT</pubDate><description>&lt;p&gt;Body \(index) &amp;amp; more&lt;/p&gt;</description></item>"
        }
        xml += "</channel></rss>"
        let feed = try ArticleDecoder.document(from: Data(xml.utf8), source: "https://huge.example/feed")
        #expect(feed.items.count == 5000)
        #expect(feed.items.last?.link == "https://huge.example/p/4999")
        #expect(feed.items.last?.text == "Body 4999 & more")
    }
}
