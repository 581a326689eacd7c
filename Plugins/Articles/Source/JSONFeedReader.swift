import Contracts
import Foundation

/// Reads a JSON Feed (1.0 or 1.1, told by its `version` address): each item's `title`, `url`,
/// `date_published`, `authors` (1.1) or `author` (1.0), `content_text`, `content_html` or
/// `summary`, and `image`.
enum JSONFeedReader {
    /// Whether `object` is a JSON Feed: its `version` is a jsonfeed.org address.
    static func isJSONFeed(_ data: Data) -> Bool {
        (try? JSONDecoder().decode(Version.self, from: data))?.version.hasPrefix("https://jsonfeed.org/version/") == true
    }

    static func articles(from data: Data, source: String) throws -> [Article] {
        let feed: Feed
        do {
            feed = try JSONDecoder().decode(Feed.self, from: data)
        } catch {
            throw ArticleSourceError("\(source) sent a JSON Feed that cannot be read (\(error)); check the source")
        }
        return feed.items.map { item in
            let authors = (item.authors ?? item.author.map { [$0] } ?? []).compactMap(\.name).joined(separator: ", ")
            let text = item.content_text ?? item.content_html.map(FeedText.plain) ?? item.summary ?? ""
            return Article(title: item.title ?? "(untitled)", authors: authors, date: item.date_published.map(FeedText.date) ?? "",
                           website: item.url ?? "", content: text, imageURL: item.image ?? "")
        }
    }

    private struct Version: Decodable {
        let version: String
    }

    private struct Feed: Decodable {
        let items: [Item]
    }

    private struct Author: Decodable {
        let name: String?
    }

    // The JSON Feed spec's own field names.
    // swiftlint:disable identifier_name
    private struct Item: Decodable {
        let title: String?
        let url: String?
        let date_published: String?
        let authors: [Author]?
        let author: Author?
        let content_text: String?
        let content_html: String?
        let summary: String?
        let image: String?
    }
    // swiftlint:enable identifier_name
}
