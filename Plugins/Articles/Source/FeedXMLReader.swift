import Contracts
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads an RSS 2.0 (`<rss><channel><item>`) or Atom (`<feed><entry>`) feed with Foundation's
/// XMLParser, into the plugin's articles: the title; the link (`<link>`, or Atom's
/// `<link href>` that is `alternate` or has no `rel`) as the website; the author (`<author>`,
/// `<dc:creator>`, Atom's `<author><name>`); the date (`pubDate`, `published`, `updated`,
/// `dc:date`) as `YYYY-MM-DD HH:mm` UTC when it can be read, else as sent; and the text
/// (`description`, `content:encoded`, `summary`, `content`) with its tags removed.
final class FeedXMLReader: NSObject, XMLParserDelegate {
    /// What kind of feed the root element said.
    enum Kind { case rss, atom }

    private var kind: Kind?
    private var articles: [Article] = []
    private var current: [String: String]?
    private var path: [String] = []
    private var text = ""

    /// The articles of `data`; throws an ``ArticleSourceError`` naming `source` when it is not RSS or Atom.
    static func articles(from data: Data, source: String) throws -> [Article] {
        let reader = FeedXMLReader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        parser.shouldProcessNamespaces = false
        guard parser.parse() else {
            let reason = parser.parserError.map { "\($0.localizedDescription)" } ?? "it is not well-formed XML"
            throw ArticleSourceError("\(source) sent XML that cannot be read (line \(parser.lineNumber): \(reason)); check the source")
        }
        guard reader.path.isEmpty else {
            throw ArticleSourceError("\(source) sent XML that ends inside <\(reader.path.joined(separator: "><"))> (cut short?); try 'refresh'")
        }
        guard reader.kind != nil else {
            throw ArticleSourceError("\(source) sent XML that is neither an RSS 2.0 nor an Atom feed; check the address")
        }
        return reader.articles
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if path.isEmpty {
            kind = name == "rss" ? .rss : name == "feed" ? .atom : nil
        }
        path.append(name)
        text = ""
        if (kind == .rss && name == "item") || (kind == .atom && name == "entry") {
            current = [:]
        } else if kind == .atom, name == "link", current != nil, current?["link"] == nil,
                  (attributes["rel"] ?? "alternate") == "alternate", let href = attributes["href"] {
            current?["link"] = href
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        text += String(decoding: block, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        defer {
            path.removeLast()
            text = ""
        }
        guard current != nil else { return }
        if (kind == .rss && name == "item") || (kind == .atom && name == "entry") {
            if let fields = current { articles.append(Self.article(fields)) }
            current = nil
            return
        }
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !value.isEmpty else { return }
        let key: String? = switch name {
        case "title": "title"
        case "link": "link"
        case "author", "dc:creator", "name": "author"
        case "pubDate", "published", "updated", "dc:date": "date"
        case "description", "content:encoded", "summary", "content": "content"
        default: nil
        }
        // The first value of each field wins: `published` before `updated`, the item's own title.
        if let key, current?[key] == nil, path.count >= 2, ["item", "entry", "author"].contains(path[path.count - 2]) {
            current?[key] = value
        }
    }

    private static func article(_ fields: [String: String]) -> Article {
        Article(title: fields["title"].map(FeedText.plain) ?? "(untitled)", authors: fields["author"] ?? "",
                date: fields["date"].map(FeedText.date) ?? "", website: fields["link"] ?? "",
                content: fields["content"].map(FeedText.plain) ?? "", imageURL: "")
    }
}
