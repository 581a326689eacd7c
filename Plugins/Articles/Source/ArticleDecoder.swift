import Contracts
import Foundation

/// Reads a feed, told apart by its content: XML is RSS 2.0 or Atom (``FeedXMLReader``); a JSON
/// object with a jsonfeed.org `version` is a JSON Feed (``JSONFeedReader``); otherwise a JSON
/// array of articles, or an object whose `articles` key holds one. Each such article has a
/// `title` and, optionally, `authors`, `date`, `website`, `content` and `imageUrl` (the
/// Articles VIPER app's fields).
enum ArticleDecoder {
    static func articles(from data: Data, source: String) throws -> [Article] {
        let first = data.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        if first == UInt8(ascii: "<") {
            return try FeedXMLReader.articles(from: data, source: source)
        }
        if first == UInt8(ascii: "{"), JSONFeedReader.isJSONFeed(data) {
            return try JSONFeedReader.articles(from: data, source: source)
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
            throw ArticleSourceError("\(source) did not send an RSS, Atom or JSON feed (\(summary(of: error))); check the source")
        }
        return records.map { record in
            Article(title: record.title, authors: record.authors ?? "", date: record.date ?? "",
                    website: record.website ?? "", content: record.content ?? "", imageURL: record.imageUrl ?? "")
        }
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
