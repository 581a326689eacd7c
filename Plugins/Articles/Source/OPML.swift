import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Subscriptions in OPML, the format feed readers exchange them in (newsboat's `import`/`export`):
/// every `<outline>` with an `xmlUrl`, at any depth (folders are outlines too), is a feed.
enum OPML {
    struct Feed: Equatable {
        var address: String
        var title: String
    }

    /// The feeds of an OPML document; throws an ``ArticleSourceError`` naming `file` when it is
    /// not OPML.
    static func feeds(from data: Data, file: String) throws -> [Feed] {
        let reader = Reader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        parser.shouldResolveExternalEntities = false
        guard parser.parse() else {
            let reason = parser.parserError.map { $0.localizedDescription } ?? "it is not well-formed XML"
            throw ArticleSourceError("\(file) is not an OPML file (line \(parser.lineNumber): \(reason)); export one from your feed reader")
        }
        guard reader.isOPML else {
            throw ArticleSourceError("\(file) is XML but not OPML (no <opml> root); export one from your feed reader")
        }
        return reader.feeds
    }

    /// An OPML 2.0 document of `feeds`.
    static func document(_ feeds: [Feed], title: String = "viper subscriptions") -> String {
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<opml version="2.0">"#,
            "  <head><title>\(escaped(title))</title></head>",
            "  <body>",
        ]
        for feed in feeds {
            let text = escaped(feed.title.isEmpty ? feed.address : feed.title)
            lines.append(#"    <outline type="rss" text="\#(text)" title="\#(text)" xmlUrl="\#(escaped(feed.address))"/>"#)
        }
        lines += ["  </body>", "</opml>", ""]
        return lines.joined(separator: "\n")
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var isOPML = false
        var feeds: [Feed] = []
        private var depth = 0

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if depth == 0 { isOPML = name.lowercased() == "opml" }
            depth += 1
            guard name == "outline" else { return }
            let address = (attributes["xmlUrl"] ?? attributes["xmlurl"] ?? "").trimmed
            guard !address.isEmpty else { return }
            feeds.append(Feed(address: address, title: attributes["title"] ?? attributes["text"] ?? ""))
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            depth -= 1
        }
    }
}
