import Contracts
import Foundation

/// Reads a feed, told apart by its content: XML is RSS or Atom (``FeedXMLReader``); a JSON
/// object with a jsonfeed.org `version` is a JSON Feed (``JSONFeedReader``); otherwise a JSON
/// array of articles, or an object whose `articles` key holds one. Each such article has a
/// `title` and, optionally, `authors`, `date`, `website`, `content` and `imageUrl` (the
/// Articles VIPER app's fields). A web page is refused with the feed addresses it announces.
enum ArticleDecoder {
    static func document(from data: Data, source: String) throws -> FeedDocument {
        let first = data.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        if first == UInt8(ascii: "<") {
            if let page = WebPage(data) { throw page.refusal(source: source) }
            return try FeedXMLReader.document(from: data, source: source)
        }
        if first == UInt8(ascii: "{"), JSONFeedReader.isJSONFeed(data) {
            return try JSONFeedReader.document(from: data, source: source)
        }
        let decoder = JSONDecoder()
        let records: [Record]
        do {
            if first == UInt8(ascii: "{") {
                records = try decoder.decode(Feed.self, from: data).articles
            } else {
                records = try decoder.decode([Record].self, from: data)
            }
        } catch {
            throw ArticleSourceError("\(source) did not send an RSS, Atom or JSON feed (\(summary(of: error))); check the address")
        }
        let base = URL(string: source)
        let site = base?.host ?? source
        let items = records.map { record in
            let link = record.website.flatMap { FeedLinks.resolve($0, against: base) } ?? ""
            let dateText = record.date ?? ""
            // A website that is no address ("viper (built-in)") names no one article.
            let id = link.contains("://") ? link : record.title + " " + dateText
            return FeedItem(feed: source, id: id, title: record.title,
                            author: record.authors ?? "", link: link, published: FeedDate.instant(dateText), dateText: dateText,
                            text: HTMLText.plain(record.content ?? ""), image: record.imageUrl ?? "", site: site)
        }
        return FeedDocument(title: site, site: "", items: items)
    }

    private struct Record: Decodable {
        let title: String
        let authors: String?
        let date: String?
        let website: String?
        let content: String?
        let imageUrl: String?
    }

    private struct Feed: Decodable {
        let articles: [Record]
    }

    /// One line about what was wrong with the JSON.
    private static func summary(of error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted: return "it is not valid JSON"
        case DecodingError.keyNotFound(let key, _): return "an article has no '\(key.stringValue)'"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? "it is not a list" : "'\(path)' has the wrong type"
        default: return "\(error)"
        }
    }
}

/// An HTML page where a feed was expected, and the feeds it announces
/// (`<link rel="alternate" type="application/rss+xml" href="...">`).
private struct WebPage {
    let feeds: [String]

    init?(_ data: Data) {
        let head = String(decoding: data.prefix(65_536), as: UTF8.self)
        let lower = head.lowercased()
        guard lower.contains("<html") || lower.contains("<!doctype html") else { return nil }
        guard !lower.contains("<rss"), !lower.contains("<feed"), !lower.contains("<rdf:rdf") else { return nil }
        var feeds: [String] = []
        for tag in head.components(separatedBy: "<").dropFirst() where tag.lowercased().hasPrefix("link ") {
            let attributes = String(tag.prefix { $0 != ">" })
            let type = HTMLText.attribute("type", in: attributes)?.lowercased() ?? ""
            guard HTMLText.attribute("rel", in: attributes)?.lowercased() == "alternate",
                  ["application/rss+xml", "application/atom+xml", "application/feed+json", "application/json"].contains(type),
                  let href = HTMLText.attribute("href", in: attributes) else { continue }
            feeds.append(HTMLText.decoded(href))
        }
        self.feeds = feeds
    }

    func refusal(source: String) -> ArticleSourceError {
        let base = URL(string: source)
        let found = feeds.compactMap { FeedLinks.resolve($0, against: base) }
        guard !found.isEmpty else {
            return ArticleSourceError("\(source) is a web page, not a feed; give the feed's own address (often ending in /feed, /rss or .xml)")
        }
        return ArticleSourceError("\(source) is a web page, not a feed; it names its feed: \(found.joined(separator: ", "))")
    }
}
