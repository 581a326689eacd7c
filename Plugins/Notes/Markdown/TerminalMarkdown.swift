import Foundation

/// Markdown drawn for the terminal, for `show ID` (the Presenter's formatting; `show ID --raw`
/// skips it). The Screen draws plain text (plugins send no escape codes), so the marks become
/// layout: `#` headings are drawn as headings, `-`/`*`/`+` items as `•` and numbered items
/// indented, `**strong**`, `*emphasis*`, `_emphasis_` and `` `code` `` lose their marks, fenced
/// code is indented four spaces as written, `> quotes` get a bar, `[text](url)` reads
/// `text <url>`, `[[Title]]` reads `Title [note 5]` (or `[no note yet]`), and a rule is a line.
enum TerminalMarkdown {
    static func lines(of body: String, noteID: (String) -> Int64?) -> [ShownLine] {
        var shown: [ShownLine] = []
        var inCode = false
        for raw in body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let trimmed = raw.drop { $0 == " " }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                inCode.toggle()
                continue
            }
            if inCode {
                shown.append(.text("    " + raw))
                continue
            }
            let indent = String(repeating: " ", count: raw.count - trimmed.count)
            if let heading = heading(String(trimmed)) {
                shown.append(.heading(inline(heading, noteID: noteID)))
            } else if ["---", "***", "___"].contains(trimmed.filter { $0 != " " }) {
                shown.append(.text(String(repeating: "─", count: 40)))
            } else if let item = bullet(String(trimmed)) {
                shown.append(.text(indent + "  • " + inline(item, noteID: noteID)))
            } else if let (number, item) = numbered(String(trimmed)) {
                shown.append(.text(indent + "  \(number). " + inline(item, noteID: noteID)))
            } else if trimmed.hasPrefix(">") {
                shown.append(.text("  │ " + inline(String(trimmed.dropFirst().drop { $0 == " " }), noteID: noteID)))
            } else {
                shown.append(.text(indent + inline(String(trimmed), noteID: noteID)))
            }
        }
        return shown
    }

    /// One line as plain text, for a list row: its marks gone, `[[Title]]` as the title, a list
    /// item's or heading's mark dropped.
    static func plain(_ line: String) -> String {
        var text = line.trimmingCharacters(in: .whitespaces)
        if let item = bullet(text) { text = item } else if let (_, item) = numbered(text) { text = item } else if let title = heading(text) { text = title }
        while let open = text.range(of: "[["), let close = text[open.upperBound...].range(of: "]]") {
            text.replaceSubrange(open.lowerBound..<close.upperBound, with: text[open.upperBound..<close.lowerBound])
        }
        return inline(text, noteID: { _ in nil })
    }

    /// The text of an ATX heading (`# Title` to `###### Title`), nil for any other line.
    private static func heading(_ line: String) -> String? {
        let hashes = line.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes), line.dropFirst(hashes).first == " " else { return nil }
        var text = String(line.dropFirst(hashes + 1))
        while text.hasSuffix("#") || text.hasSuffix(" ") { text.removeLast() }
        return text
    }

    private static func bullet(_ line: String) -> String? {
        guard let first = line.first, "-*+".contains(first), line.dropFirst().first == " " else { return nil }
        var item = String(line.dropFirst(2))
        if item.hasPrefix("[ ] ") { item = "☐ " + item.dropFirst(4) }
        if item.hasPrefix("[x] ") || item.hasPrefix("[X] ") { item = "☑ " + item.dropFirst(4) }
        return item
    }

    private static func numbered(_ line: String) -> (String, String)? {
        let digits = line.prefix { $0.isNumber }
        guard !digits.isEmpty, digits.count < 10 else { return nil }
        let rest = line.dropFirst(digits.count)
        guard let mark = rest.first, mark == "." || mark == ")", rest.dropFirst().first == " " else { return nil }
        return (String(digits), String(rest.dropFirst(2)))
    }

    /// A line's inline marks: code spans first (their text is kept as written), then links and
    /// note links, then strong and emphasis.
    static func inline(_ text: String, noteID: (String) -> Int64?) -> String {
        var result = ""
        var rest = Substring(text)
        while let tick = rest.firstIndex(of: "`") {
            result += marks(String(rest[..<tick]), noteID: noteID)
            let after = rest[rest.index(after: tick)...]
            guard let close = after.firstIndex(of: "`") else {
                rest = rest[tick...]
                break
            }
            result += after[..<close]
            rest = after[after.index(after: close)...]
        }
        return result + marks(String(rest), noteID: noteID)
    }

    private static func marks(_ text: String, noteID: (String) -> Int64?) -> String {
        var text = text
        // [[Title]]
        while let open = text.range(of: "[["), let close = text[open.upperBound...].range(of: "]]") {
            let title = String(text[open.upperBound..<close.lowerBound])
            let target = noteID(title.trimmingCharacters(in: .whitespaces)).map { "[note \($0)]" } ?? "[no note yet]"
            text.replaceSubrange(open.lowerBound..<close.upperBound, with: "\(title) \(target)")
        }
        // [text](url)
        var searchFrom = text.startIndex
        while let open = text[searchFrom...].firstIndex(of: "["),
              let middle = text[open...].range(of: "]("),
              let close = text[middle.upperBound...].firstIndex(of: ")") {
            let label = text[text.index(after: open)..<middle.lowerBound]
            let url = text[middle.upperBound..<close]
            let replacement = label == url || label.isEmpty ? "<\(url)>" : "\(label) <\(url)>"
            let start = text.distance(from: text.startIndex, to: open)
            text.replaceSubrange(open...close, with: replacement)
            searchFrom = text.index(text.startIndex, offsetBy: start + replacement.count)
        }
        for mark in ["**", "__"] { text = unwrapped(text, mark) }
        for mark in ["*", "_"] { text = unwrapped(text, mark) }
        return text.replacingOccurrences(of: "~~", with: "")
    }

    /// `text` with each `mark…mark` pair that wraps a word replaced by what it wraps; a lone mark
    /// (`2 * 3`, `snake_case`) stays.
    private static func unwrapped(_ text: String, _ mark: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: mark) {
            let before = rest[..<open.lowerBound]
            let inside = rest[open.upperBound...]
            let startsWord = before.last.map { !$0.isLetter && !$0.isNumber } ?? true
            guard startsWord, let first = inside.first, !first.isWhitespace,
                  let close = inside.range(of: mark), close.lowerBound > inside.startIndex,
                  !(inside[inside.index(before: close.lowerBound)].isWhitespace),
                  inside[close.upperBound...].first.map({ !$0.isLetter && !$0.isNumber }) ?? true else {
                result += before + mark
                rest = inside
                continue
            }
            result += before + inside[..<close.lowerBound]
            rest = inside[close.upperBound...]
        }
        return result + rest
    }
}
