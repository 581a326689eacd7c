import Foundation

/// A feed's HTML as terminal text: what a text browser shows, without the browser.
///
/// - Entities are decoded: every named one feeds use (`&copy;`, `&hellip;`, `&eacute;`, ...),
///   and numeric ones (`&#169;`, `&#xA9;`); an unknown name stays as written.
/// - Block elements (`p`, `div`, headings, `blockquote`, `table` rows, ...) become paragraphs
///   with a blank line between them; `br` a line end; `pre` keeps its spacing.
/// - Lists: `ul` items start `• `, `ol` items their number, nested lists indented.
/// - Links: the link's text stays in place followed by `[N]`, and the addresses, resolved
///   against `base` (the item's or the feed's address), are ``Rendered/links`` in that order
///   (the same address keeps one number). An image is `[image: ALT]` with its address as a link.
/// - `script`, `style` and comments are dropped; inline markup (`b`, `em`, `span`, ...) adds
///   nothing, so "shipped <b>1.0</b>!" reads "shipped 1.0!".
///
/// Invariant: the text has no leading or trailing blank lines, no line ends in a space, and
/// never two blank lines in a row.
struct HTMLText {
    struct Rendered: Equatable {
        var text: String
        var links: [String]
    }

    /// `html` as terminal text, with its links resolved against `base`.
    static func render(_ html: String, base: URL?) -> Rendered {
        var renderer = HTMLText(base: base)
        renderer.run(Array(html.utf8))
        return Rendered(text: renderer.finish(), links: renderer.links)
    }

    /// `html` on one line (a title): tags dropped, entities decoded, spaces made one.
    static func line(_ html: String) -> String {
        guard html.utf8.contains(where: { $0 == 0x3C || $0 == 0x26 }) else {
            return html.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        return render(html, base: nil).text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Plain text (a JSON Feed's `content_text`): lines kept, spaces within a line made one.
    static func plain(_ text: String) -> String {
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ") }
        var out: [String] = []
        for line in lines where !(line.isEmpty && (out.last?.isEmpty ?? true)) { out.append(line) }
        while out.last?.isEmpty == true { out.removeLast() }
        return out.joined(separator: "\n")
    }

    private let base: URL?
    private var out: [UInt8] = []
    private(set) var links: [String] = []
    /// 0: none, 1: a line end, 2: a blank line, owed before the next text.
    private var pendingBreak = 0
    private var pendingSpace = false
    private var preformatted = 0
    private var skipping: String?
    private var lists: [(ordered: Bool, next: Int)] = []
    private var quotes = 0
    private var openLink: String?
    private var lineIndent = ""

    private init(base: URL?) {
        self.base = base
    }

    private mutating func run(_ bytes: [UInt8]) {
        var index = 0
        out.reserveCapacity(bytes.count)
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x3C, let end = tagEnd(bytes, from: index) {
                tag(bytes, index, end)
                index = end + 1
                continue
            }
            if skipping != nil {
                index += 1
                continue
            }
            if byte == 0x26, let (decoded, next) = Self.entity(bytes, at: index) {
                emitText(Array(decoded.utf8))
                index = next
                continue
            }
            emitText([byte])
            index += 1
        }
    }

    /// Where the tag starting at `start` ends (its `>`), nil when `<` is only a character.
    private func tagEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        guard start + 1 < bytes.count else { return nil }
        let next = bytes[start + 1]
        let isLetter = (next | 0x20) >= 0x61 && (next | 0x20) <= 0x7A
        guard isLetter || next == 0x2F || next == 0x21 || next == 0x3F else { return nil }
        if next == 0x21, start + 3 < bytes.count, bytes[start + 2] == 0x2D, bytes[start + 3] == 0x2D {
            // A comment runs to "-->".
            var index = start + 4
            while index + 2 < bytes.count {
                if bytes[index] == 0x2D, bytes[index + 1] == 0x2D, bytes[index + 2] == 0x3E { return index + 2 }
                index += 1
            }
            return bytes.count - 1
        }
        var quote: UInt8 = 0
        var index = start + 1
        while index < bytes.count {
            let byte = bytes[index]
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == 0x22 || byte == 0x27 {
                quote = byte
            } else if byte == 0x3E {
                return index
            }
            index += 1
        }
        return nil
    }

    private mutating func tag(_ bytes: [UInt8], _ start: Int, _ end: Int) {
        var index = start + 1
        let closing = bytes[index] == 0x2F
        if closing { index += 1 }
        let nameStart = index
        while index < end, bytes[index] != 0x20, bytes[index] != 0x2F, bytes[index] != 0x09, bytes[index] != 0x0A,
              bytes[index] != 0x0D {
            index += 1
        }
        var name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
        if let colon = name.lastIndex(of: ":") { name = String(name[name.index(after: colon)...]) }
        if let skipped = skipping {
            if closing, name == skipped { skipping = nil }
            return
        }
        guard !name.hasPrefix("!"), !name.hasPrefix("?") else { return }
        let attributes = closing ? "" : String(decoding: bytes[index..<end], as: UTF8.self)
        closing ? close(name) : open(name, attributes: attributes)
    }

    private mutating func open(_ name: String, attributes: String) {
        switch name {
        case "script", "style", "head", "template", "noscript":
            if !attributes.hasSuffix("/") { skipping = name }
        case "br": lineBreak(1)
        case "hr":
            lineBreak(2)
            emitRaw("――――")
            lineBreak(2)
        case "pre":
            lineBreak(2)
            preformatted += 1
        case "blockquote":
            lineBreak(2)
            quotes += 1
        case "ul", "ol", "menu":
            lineBreak(lists.isEmpty ? 2 : 1)
            lists.append((name == "ol", Int(Self.attribute("start", in: attributes) ?? "") ?? 1))
        case "li":
            lineBreak(1)
            let depth = max(lists.count, 1)
            var marker = "•"
            if var list = lists.last, list.ordered {
                marker = "\(list.next)."
                list.next += 1
                lists[lists.count - 1] = list
            }
            lineIndent = String(repeating: "  ", count: depth - 1)
            emitRaw(marker + " ")
        case "tr", "dt": lineBreak(1)
        case "dd":
            lineBreak(1)
            emitRaw("  ")
        case "td", "th": pendingSpace = true
        case "a":
            openLink = Self.attribute("href", in: attributes).flatMap(resolved)
        case "img":
            let alt = Self.attribute("alt", in: attributes).map { Self.decoded($0) } ?? ""
            var label = alt.isEmpty ? "[image]" : "[image: \(alt.split(whereSeparator: \.isWhitespace).joined(separator: " "))]"
            if let source = Self.attribute("src", in: attributes).flatMap(resolved) { label += " [\(number(of: source))]" }
            if pendingSpace || (!out.isEmpty && out.last != 0x20 && out.last != 0x0A && pendingBreak == 0) { pendingSpace = true }
            emitRaw(label)
        default:
            if Self.blocks.contains(name) { lineBreak(2) }
        }
    }

    private mutating func close(_ name: String) {
        switch name {
        case "pre":
            preformatted = max(0, preformatted - 1)
            lineBreak(2)
        case "blockquote":
            lineBreak(2)
            quotes = max(0, quotes - 1)
        case "ul", "ol", "menu":
            if !lists.isEmpty { lists.removeLast() }
            lineIndent = ""
            lineBreak(lists.isEmpty ? 2 : 1)
        case "li", "tr", "dd", "dt": lineBreak(1)
        case "a":
            if let link = openLink {
                emitRaw("[\(number(of: link))]", spaced: true)
            }
            openLink = nil
        default:
            if Self.blocks.contains(name) { lineBreak(2) }
        }
    }

    /// The link's number, adding it when it is new.
    private mutating func number(of link: String) -> Int {
        if let found = links.firstIndex(of: link) { return found + 1 }
        links.append(link)
        return links.count
    }

    /// `href` made absolute; nil for a fragment of this page, `javascript:` and empty ones.
    private func resolved(_ href: String) -> String? {
        let trimmed = Self.decoded(href).trimmed
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#"), !trimmed.lowercased().hasPrefix("javascript:") else { return nil }
        return FeedLinks.resolve(trimmed, against: base)
    }

    private mutating func lineBreak(_ level: Int) {
        guard !out.isEmpty else { return }
        pendingBreak = max(pendingBreak, level)
        pendingSpace = false
    }

    private mutating func emitText(_ bytes: [UInt8]) {
        if preformatted > 0 {
            for byte in bytes {
                if byte == 0x0A {
                    pendingBreak = max(pendingBreak, 1)
                } else {
                    flushBreak()
                    out.append(byte)
                }
            }
            return
        }
        for byte in bytes {
            if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D {
                pendingSpace = true
                continue
            }
            flushBreak()
            if pendingSpace {
                if let last = out.last, last != 0x0A, last != 0x20 { out.append(0x20) }
                pendingSpace = false
            }
            out.append(byte)
        }
    }

    /// Text the renderer makes itself (a list's marker, a link's number): it starts a line owed.
    private mutating func emitRaw(_ text: String, spaced: Bool = false) {
        flushBreak()
        if pendingSpace || spaced, let last = out.last, last != 0x0A, last != 0x20 { out.append(0x20) }
        pendingSpace = false
        out += Array(text.utf8)
    }

    private mutating func flushBreak() {
        guard pendingBreak > 0 else { return }
        while out.last == 0x20 { out.removeLast() }
        if !out.isEmpty {
            out.append(0x0A)
            if pendingBreak > 1 { out.append(0x0A) }
        }
        pendingBreak = 0
        pendingSpace = false
        if quotes > 0 { out += Array(String(repeating: "> ", count: quotes).utf8) }
        if !lineIndent.isEmpty { out += Array(lineIndent.utf8) }
    }

    private func finish() -> String {
        let text = String(decoding: out, as: UTF8.self)
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var trimmed = line
            while trimmed.last == " " { trimmed = trimmed.dropLast() }
            let isBlank = trimmed.allSatisfy { $0 == " " || $0 == ">" }
            if isBlank, lines.last.map({ $0.isEmpty }) ?? true { continue }
            lines.append(isBlank ? "" : trimmed)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    // MARK: Attributes and entities

    /// The value of attribute `name` in a tag's attribute text.
    static func attribute(_ name: String, in attributes: String) -> String? {
        var rest = Substring(attributes)
        while let range = rest.range(of: name, options: .caseInsensitive) {
            let before = rest[..<range.lowerBound].last
            var after = rest[range.upperBound...].drop { $0 == " " }
            rest = rest[range.upperBound...]
            guard before == nil || before == " " || before == "\t" || before == "\n", after.first == "=" else { continue }
            after = after.dropFirst().drop { $0 == " " }
            if let quote = after.first, quote == "\"" || quote == "'" {
                let value = after.dropFirst().prefix { $0 != quote }
                return String(value)
            }
            return String(after.prefix { $0 != " " && $0 != ">" && $0 != "/" })
        }
        return nil
    }

    /// `text` with its entities decoded (an attribute's value).
    static func decoded(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x26, let (decoded, next) = entity(bytes, at: index) {
                out += Array(decoded.utf8)
                index = next
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The entity at `start` (`&`), and where the text goes on; nil when it is none.
    static func entity(_ bytes: [UInt8], at start: Int) -> (String, Int)? {
        var index = start + 1
        guard index < bytes.count else { return nil }
        if bytes[index] == 0x23 {
            index += 1
            let hex = index < bytes.count && (bytes[index] | 0x20) == 0x78
            if hex { index += 1 }
            var value: UInt32 = 0
            let digitsStart = index
            while index < bytes.count, index - digitsStart < 8 {
                let byte = bytes[index]
                if byte >= 0x30 && byte <= 0x39 {
                    value = value * (hex ? 16 : 10) + UInt32(byte - 0x30)
                } else if hex, (byte | 0x20) >= 0x61, (byte | 0x20) <= 0x66 {
                    value = value * 16 + UInt32((byte | 0x20) - 0x61 + 10)
                } else {
                    break
                }
                index += 1
            }
            guard index > digitsStart else { return nil }
            if index < bytes.count, bytes[index] == 0x3B { index += 1 }
            // Windows-1252's characters under the C1 codes, as browsers read them.
            if let windows = windows1252[value] { return (windows, index) }
            // Control characters (an escape sequence hidden in a feed) are dropped, never shown.
            if value < 0x20 || (0x7F...0x9F).contains(value) { return (value == 0x09 || value == 0x0A ? " " : "", index) }
            guard let scalar = Unicode.Scalar(value) else { return ("\u{FFFD}", index) }
            return (String(Character(scalar)), index)
        }
        let nameStart = index
        while index < bytes.count, index - nameStart < 10,
              ((bytes[index] | 0x20) >= 0x61 && (bytes[index] | 0x20) <= 0x7A) || (bytes[index] >= 0x30 && bytes[index] <= 0x39) {
            index += 1
        }
        guard index > nameStart, index < bytes.count, bytes[index] == 0x3B else { return nil }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
        guard let value = named[name] else { return nil }
        return (value, index + 1)
    }

    private static let blocks: Set<String> = [
        "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "section", "article", "header", "footer", "aside", "nav", "main",
        "figure", "figcaption", "table", "thead", "tbody", "tfoot", "caption", "dl", "address", "form", "fieldset",
        "details", "summary", "center", "body", "html",
    ]

    private static let windows1252: [UInt32: String] = [
        0x80: "€", 0x82: "‚", 0x84: "„", 0x85: "…", 0x91: "‘", 0x92: "’", 0x93: "“", 0x94: "”", 0x95: "•",
        0x96: "–", 0x97: "—", 0x99: "™",
    ]

    /// The named entities feeds use: HTML's Latin-1 set, punctuation, arrows and a few symbols.
    static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "ensp": " ", "emsp": " ", "thinsp": " ",
        "copy": "©", "reg": "®", "trade": "™", "hellip": "…", "mdash": "—", "ndash": "–", "minus": "−",
        "lsquo": "‘", "rsquo": "’", "sbquo": "‚", "ldquo": "“", "rdquo": "”", "bdquo": "„", "laquo": "«", "raquo": "»",
        "lsaquo": "‹", "rsaquo": "›", "bull": "•", "middot": "·", "deg": "°", "plusmn": "±", "times": "×", "divide": "÷",
        "frac12": "½", "frac14": "¼", "frac34": "¾", "sup1": "¹", "sup2": "²", "sup3": "³", "micro": "µ", "para": "¶",
        "sect": "§", "cent": "¢", "pound": "£", "euro": "€", "yen": "¥", "curren": "¤", "iexcl": "¡", "iquest": "¿",
        "brvbar": "¦", "uml": "¨", "ordf": "ª", "ordm": "º", "not": "¬", "shy": "", "macr": "¯", "acute": "´", "cedil": "¸",
        "dagger": "†", "Dagger": "‡", "permil": "‰", "prime": "′", "Prime": "″", "larr": "←", "rarr": "→", "uarr": "↑",
        "darr": "↓", "harr": "↔", "rArr": "⇒", "lArr": "⇐", "hArr": "⇔", "check": "✓", "star": "☆", "hearts": "♥",
        "infin": "∞", "ne": "≠", "le": "≤", "ge": "≥", "asymp": "≈", "zwj": "", "zwnj": "", "lrm": "", "rlm": "",
        "Agrave": "À", "Aacute": "Á", "Acirc": "Â", "Atilde": "Ã", "Auml": "Ä", "Aring": "Å", "AElig": "Æ", "Ccedil": "Ç",
        "Egrave": "È", "Eacute": "É", "Ecirc": "Ê", "Euml": "Ë", "Igrave": "Ì", "Iacute": "Í", "Icirc": "Î", "Iuml": "Ï",
        "ETH": "Ð", "Ntilde": "Ñ", "Ograve": "Ò", "Oacute": "Ó", "Ocirc": "Ô", "Otilde": "Õ", "Ouml": "Ö", "Oslash": "Ø",
        "Ugrave": "Ù", "Uacute": "Ú", "Ucirc": "Û", "Uuml": "Ü", "Yacute": "Ý", "THORN": "Þ", "szlig": "ß",
        "agrave": "à", "aacute": "á", "acirc": "â", "atilde": "ã", "auml": "ä", "aring": "å", "aelig": "æ", "ccedil": "ç",
        "egrave": "è", "eacute": "é", "ecirc": "ê", "euml": "ë", "igrave": "ì", "iacute": "í", "icirc": "î", "iuml": "ï",
        "eth": "ð", "ntilde": "ñ", "ograve": "ò", "oacute": "ó", "ocirc": "ô", "otilde": "õ", "ouml": "ö", "oslash": "ø",
        "ugrave": "ù", "uacute": "ú", "ucirc": "û", "uuml": "ü", "yacute": "ý", "thorn": "þ", "yuml": "ÿ", "Yuml": "Ÿ",
        "OElig": "Œ", "oelig": "œ", "Scaron": "Š", "scaron": "š", "fnof": "ƒ", "circ": "ˆ", "tilde": "˜",
        "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "pi": "π", "sigma": "σ", "omega": "ω", "lambda": "λ", "mu": "μ",
    ]
}
