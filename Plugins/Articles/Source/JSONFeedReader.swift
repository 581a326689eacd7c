import Contracts
import Foundation

/// Reads a JSON Feed (1.0 or 1.1, told by its `version` address) into a ``FeedDocument``: each
/// item's `id`, `title`, `url` (else `external_url`), `date_published` (else `date_modified`),
/// `authors` (1.1) or `author` (1.0), `content_html` over `content_text` over `summary`, `image`
/// and `attachments`. Relative addresses resolve against the feed's `home_page_url`, else its
/// `feed_url`, else the address it was fetched from; the text's links against the item's `url`.
enum JSONFeedReader {
    /// Whether `data` is a JSON Feed: its `version` is a jsonfeed.org address.
    static func isJSONFeed(_ data: Data) -> Bool {
        (try? JSONDecoder().decode(Version.self, from: data))?.version.hasPrefix("https://jsonfeed.org/version/") == true
    }

    static func document(from data: Data, source: String) throws -> FeedDocument {
        let feed: Feed
        do {
            feed = try JSONDecoder().decode(Feed.self, from: data)
        } catch {
            throw ArticleSourceError("\(source) sent a JSON Feed that cannot be read (\(summary(of: error))); check the source")
        }
        let fetchedFrom = URL(string: source)
        let feedBase = feed.feed_url.flatMap { FeedLinks.url($0, relativeTo: fetchedFrom) } ?? fetchedFrom
        let base = feed.home_page_url.flatMap { FeedLinks.url($0, relativeTo: feedBase) } ?? feedBase
        let siteTitle = feed.title.map(HTMLText.line) ?? base?.host ?? source
        let feedAuthors = names(feed.authors ?? feed.author.map { [$0] } ?? [])
        let items = feed.items.map { item in
            let link = (item.url ?? item.external_url).flatMap { FeedLinks.resolve($0, against: base) } ?? ""
            let textBase = URL(string: link) ?? base
            let rendered: HTMLText.Rendered
            if let html = item.content_html {
                rendered = HTMLText.render(html, base: textBase)
            } else {
                rendered = HTMLText.Rendered(text: HTMLText.plain(item.content_text ?? item.summary ?? ""), links: [])
            }
            let authors = names(item.authors ?? item.author.map { [$0] } ?? [])
            let dateText = item.date_published ?? item.date_modified ?? ""
            let title = item.title.map(HTMLText.line) ?? ""
            let enclosures = (item.attachments ?? []).compactMap { attachment in
                attachment.url.flatMap { FeedLinks.resolve($0, against: base) }.map {
                    FeedEnclosure(url: $0, type: attachment.mime_type ?? "", length: attachment.size_in_bytes)
                }
            }
            let id = item.id?.text ?? (link.isEmpty ? title + " " + dateText : link)
            return FeedItem(feed: source, id: id, title: title.isEmpty ? "(untitled)" : title,
                            author: authors.isEmpty ? feedAuthors : authors, link: link,
                            published: FeedDate.instant(dateText), dateText: dateText, text: rendered.text, links: rendered.links,
                            enclosures: enclosures, image: (item.image ?? item.banner_image).flatMap { FeedLinks.resolve($0, against: base) } ?? "",
                            site: siteTitle)
        }
        return FeedDocument(title: siteTitle, site: base?.absoluteString ?? "", items: items)
    }

    private static func names(_ authors: [Author]) -> String {
        authors.compactMap(\.name).joined(separator: ", ")
    }

    private static func summary(of error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted: return "it is not valid JSON"
        case DecodingError.keyNotFound(let key, _): return "it has no '\(key.stringValue)'"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return "'\(path)' has the wrong type"
        default: return "\(error)"
        }
    }

    private struct Version: Decodable {
        let version: String
    }

    // The JSON Feed spec's own field names.
    // swiftlint:disable identifier_name
    private struct Feed: Decodable {
        let title: String?
        let home_page_url: String?
        let feed_url: String?
        let authors: [Author]?
        let author: Author?
        let items: [Item]
    }

    private struct Author: Decodable {
        let name: String?
    }

    /// An id is a string by the spec; some feeds send a number.
    private struct Identifier: Decodable {
        let text: String

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let string = try? container.decode(String.self) {
                text = string
            } else if let number = try? container.decode(Int.self) {
                text = String(number)
            } else {
                text = String(try container.decode(Double.self))
            }
        }
    }

    private struct Attachment: Decodable {
        let url: String?
        let mime_type: String?
        let size_in_bytes: Int?
    }

    private struct Item: Decodable {
        let id: Identifier?
        let title: String?
        let url: String?
        let external_url: String?
        let date_published: String?
        let date_modified: String?
        let authors: [Author]?
        let author: Author?
        let content_text: String?
        let content_html: String?
        let summary: String?
        let image: String?
        let banner_image: String?
        let attachments: [Attachment]?
    }
    // swiftlint:enable identifier_name
}
