import Contracts
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads an RSS 2.0 (`<rss><channel><item>`), RSS 1.0 (`<rdf:RDF>`) or Atom (`<feed><entry>`)
/// feed with Foundation's XMLParser into a ``FeedDocument``.
///
/// - Links: an item's link (RSS `<link>`, else a permalink `<guid>`; Atom's `<link href>` that is
///   `alternate` or has no `rel`) is resolved against the base in force: Atom's `xml:base` on the
///   element or an ancestor, resolved in turn against the feed's address; for RSS, the channel's
///   `<link>`. The text's links resolve against the item's own address (RSS) or the `xml:base`
///   in force where the text is (Atom).
/// - Id: RSS `<guid>`, Atom `<id>`; else the item's link; else its title and date.
/// - Text: RSS `content:encoded` over `description`, Atom `content` over `summary`; HTML given
///   escaped, in CDATA, or as raw elements inside the text element (`<description><p>Hi</p>`,
///   Atom `type="xhtml"`) is all read as HTML (``HTMLText``); Atom `type="text"` as plain text.
/// - Enclosures: RSS `<enclosure url type length>`, Atom `<link rel="enclosure">`.
/// - Dates: `pubDate`, `published`, `dc:date`, else `updated` (``FeedDate``).
///
/// A feed that uses HTML's named entities (`&nbsp;`) without declaring them is not XML; it is
/// read again with them written as numbers, as a browser would have read it.
final class FeedXMLReader: NSObject, XMLParserDelegate {
    enum Kind { case rss, rdf, atom }

    /// An item's fields as they came, resolved when the whole feed has been read (an RSS
    /// channel's `<link>` may come after its items).
    private struct Raw {
        var fields: [String: String] = [:]
        var contentKind = "html"
        var contentBase: URL?
        var summaryBase: URL?
        var summaryKind = "html"
        var linkBase: URL?
        var link: String?
        var permalink = false
        var enclosures: [(url: String, type: String, length: Int?, base: URL?)] = []
        var image: String?
    }

    private let feedURL: URL?
    private var kind: Kind?
    private var raws: [Raw] = []
    private var current: Raw?
    private var path: [String] = []
    private var bases: [URL?] = []
    private var text = ""
    /// The same text with the elements inside it written back as HTML, while inside a text
    /// element (`description`, `content`, ...); `hasMarkup` once an element was met inside it.
    private var markup = ""
    private var capturing: String?
    private var captureDepth = 0
    private var hasMarkup = false
    private var feedTitle = ""
    private var channelLink: String?
    private var channelLinkBase: URL?
    private var feedAuthor = ""

    private init(feedURL: URL?) {
        self.feedURL = feedURL
    }

    /// The feed in `data`, fetched from `source`; throws an ``ArticleSourceError`` naming
    /// `source` when it is not RSS or Atom.
    static func document(from data: Data, source: String) throws -> FeedDocument {
        do {
            return try parse(data, source: source)
        } catch let first as ArticleSourceError {
            guard let repaired = HTMLEntitiesInXML.numbered(data), repaired != data,
                  let document = try? parse(repaired, source: source) else { throw first }
            return document
        }
    }

    private static func parse(_ data: Data, source: String) throws -> FeedDocument {
        let reader = FeedXMLReader(feedURL: URL(string: source))
        let parser = XMLParser(data: data)
        parser.delegate = reader
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        guard parser.parse() else {
            let reason = parser.parserError.map { "it is not well-formed XML (XMLParser error \(($0 as NSError).code))" } ?? "it is not well-formed XML"
            throw ArticleSourceError("\(source) sent XML that cannot be read (line \(parser.lineNumber): \(reason)); check the source")
        }
        guard reader.path.isEmpty else {
            throw ArticleSourceError("\(source) sent XML that ends inside <\(reader.path.joined(separator: "><"))> (cut short?); try 'refresh'")
        }
        guard reader.kind != nil else {
            throw ArticleSourceError("\(source) sent XML that is neither an RSS nor an Atom feed; check the address")
        }
        return reader.finish(source: source)
    }

    // MARK: XMLParserDelegate

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if capturing != nil {
            captureDepth += 1
            if !hasMarkup {
                // The first element inside the text: what came before it is written back escaped.
                hasMarkup = true
                markup = Self.escaped(text)
            }
            markup += "<" + Self.local(name) + attributes.map { " \($0.key)=\"\(Self.escaped($0.value))\"" }.joined() + ">"
            return
        }
        if path.isEmpty {
            kind = name == "rss" ? .rss : name == "feed" ? .atom : name == "rdf:RDF" ? .rdf : nil
        }
        let parentBase = bases.last ?? feedURL
        let base = attributes["xml:base"].flatMap { FeedLinks.url($0, relativeTo: parentBase) } ?? parentBase
        path.append(name)
        bases.append(base)
        text = ""
        if name == "item" || name == "entry" {
            current = Raw()
            return
        }
        guard current != nil else {
            if kind == .atom, name == "link", path.count == 2, channelLink == nil,
               (attributes["rel"] ?? "alternate") == "alternate", let href = attributes["href"] {
                channelLink = href
                channelLinkBase = base
            }
            return
        }
        element(name, attributes: attributes, base: base)
    }

    /// An element inside an item: links, enclosures, images, and the start of a text element.
    private func element(_ name: String, attributes: [String: String], base: URL?) {
        switch name {
        case "link" where kind == .atom || attributes["href"] != nil:
            guard let href = attributes["href"] else { return }
            let rel = attributes["rel"] ?? "alternate"
            if rel == "alternate", current?.link == nil {
                current?.link = href
                current?.linkBase = base
            } else if rel == "enclosure" {
                current?.enclosures.append((href, attributes["type"] ?? "", attributes["length"].flatMap { Int($0) }, base))
            }
        case "enclosure":
            guard let url = attributes["url"] else { return }
            current?.enclosures.append((url, attributes["type"] ?? "", attributes["length"].flatMap { Int($0) }, base))
        case "media:thumbnail", "itunes:image":
            if current?.image == nil, let url = attributes["url"] ?? attributes["href"] {
                current?.image = FeedLinks.resolve(url, against: base)
            }
        case "guid":
            current?.permalink = (attributes["isPermaLink"] ?? "true") == "true"
        case "description", "content:encoded", "summary", "content", "title":
            guard path.count >= 2, path[path.count - 2] == "item" || path[path.count - 2] == "entry" else { return }
            capturing = name
            captureDepth = 0
            hasMarkup = false
            markup = ""
            let type = attributes["type"] ?? "html"
            if name == "content" {
                current?.contentKind = type
                current?.contentBase = base
            } else if name == "summary" {
                current?.summaryKind = type
                current?.summaryBase = base
            } else if name == "title" {
                current?.fields["titleKind"] = type
            }
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
        if hasMarkup, capturing != nil { markup += Self.escaped(string) }
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        let string = String(decoding: block, as: UTF8.self)
        text += string
        // CDATA holds HTML as it is: written back unescaped.
        if hasMarkup, capturing != nil { markup += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if capturing != nil, captureDepth > 0 {
            captureDepth -= 1
            markup += "</" + Self.local(name) + ">"
            return
        }
        defer {
            path.removeLast()
            bases.removeLast()
            text = ""
        }
        let value: String
        if capturing == name {
            value = (hasMarkup ? markup : text).trimmed
            capturing = nil
        } else {
            value = text.trimmed
        }
        guard current != nil else {
            channel(name, value: value)
            return
        }
        if name == "item" || name == "entry" {
            if let raw = current { raws.append(raw) }
            current = nil
            return
        }
        guard !value.isEmpty, path.count >= 2 else { return }
        let parent = path[path.count - 2]
        if parent == "author" || parent == "dc:creator", name == "name" {
            setOnce("author", value)
            return
        }
        guard parent == "item" || parent == "entry" else { return }
        switch name {
        case "title": setOnce("title", value)
        case "link" where kind != .atom:
            if current?.link == nil {
                current?.link = value
                current?.linkBase = nil
            }
        case "guid", "id": setOnce("id", value)
        case "author", "dc:creator": if !value.contains("<") { setOnce("author", value) }
        case "pubDate", "published", "dc:date": setOnce("date", value)
        case "updated": setOnce("updated", value)
        case "content:encoded", "content": setOnce("content", value)
        case "description", "summary": setOnce("summary", value)
        default: break
        }
    }

    private func setOnce(_ key: String, _ value: String) {
        if current?.fields[key] == nil { current?.fields[key] = value }
    }

    /// The feed's own fields: its title, its site's address, its author.
    private func channel(_ name: String, value: String) {
        guard !value.isEmpty, path.count >= 2 else { return }
        let parent = path[path.count - 2]
        if ["channel", "feed"].contains(parent), name == "title", feedTitle.isEmpty { feedTitle = HTMLText.line(value) }
        if parent == "channel", name == "link", channelLink == nil {
            channelLink = value
            channelLinkBase = bases.last ?? feedURL
        }
        if parent == "author", path.count == 3, name == "name", feedAuthor.isEmpty { feedAuthor = value }
    }

    // MARK: Building the items

    private func finish(source: String) -> FeedDocument {
        let site = channelLink.flatMap { FeedLinks.url($0, relativeTo: channelLinkBase ?? feedURL) }
        let title = feedTitle.isEmpty ? (site?.host ?? feedURL?.host ?? source) : feedTitle
        let items = raws.map { item(from: $0, source: source, site: site, siteTitle: title) }
        return FeedDocument(title: title, site: site?.absoluteString ?? "", items: items)
    }

    private func item(from raw: Raw, source: String, site: URL?, siteTitle: String) -> FeedItem {
        let fields = raw.fields
        // RSS items resolve against the channel's link; Atom's against the xml:base in force.
        let itemBase = kind == .atom ? raw.linkBase ?? feedURL : site ?? feedURL
        var linkText = raw.link
        if linkText == nil, kind != .atom, raw.permalink, let guid = fields["id"], guid.contains("/") { linkText = guid }
        let link = linkText.flatMap { FeedLinks.resolve($0, against: raw.linkBase ?? itemBase) } ?? ""
        let textBase: URL?
        let body: String?
        let bodyKind: String
        if let content = fields["content"] {
            body = content
            bodyKind = raw.contentKind
            textBase = kind == .atom ? raw.contentBase : URL(string: link) ?? itemBase
        } else {
            body = fields["summary"]
            bodyKind = raw.summaryKind
            textBase = kind == .atom ? raw.summaryBase : URL(string: link) ?? itemBase
        }
        let rendered = body.map { bodyKind == "text" ? HTMLText.Rendered(text: HTMLText.plain($0), links: [])
                                                      : HTMLText.render($0, base: textBase) } ?? HTMLText.Rendered(text: "", links: [])
        let title = fields["title"].map { fields["titleKind"] == "text" ? HTMLText.plain($0) : HTMLText.line($0) } ?? ""
        let dateText = fields["date"] ?? fields["updated"] ?? ""
        let enclosures = raw.enclosures.compactMap { enclosure in
            FeedLinks.resolve(enclosure.url, against: enclosure.base ?? itemBase).map {
                FeedEnclosure(url: $0, type: enclosure.type, length: enclosure.length)
            }
        }
        let image = raw.image ?? enclosures.first { $0.type.hasPrefix("image/") }?.url ?? ""
        let id = fields["id"] ?? (link.isEmpty ? title + " " + dateText : link)
        return FeedItem(feed: source, id: id, title: title.isEmpty ? "(untitled)" : title,
                        author: Self.author(fields["author"] ?? feedAuthor), link: link,
                        published: FeedDate.instant(dateText), dateText: dateText, text: rendered.text, links: rendered.links,
                        enclosures: enclosures, image: image, site: siteTitle)
    }

    /// RSS's `author` is an address and maybe a name: `ada@example.org (Ada Lovelace)` reads `Ada Lovelace`.
    private static func author(_ text: String) -> String {
        if let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")"), open < close, text.contains("@") {
            return String(text[text.index(after: open)..<close]).trimmed
        }
        return HTMLText.line(text)
    }

    private static func local(_ name: String) -> String {
        name.split(separator: ":").last.map(String.init) ?? name
    }

    /// `text` with `&`, `<`, `>` and `"` written as entities (one pass over its bytes).
    private static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 }) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case 0x26: out += Array("&amp;".utf8)
            case 0x3C: out += Array("&lt;".utf8)
            case 0x3E: out += Array("&gt;".utf8)
            case 0x22: out += Array("&quot;".utf8)
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
