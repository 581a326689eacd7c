import Contracts
import Foundation

/// A note as a Markdown file (`export DIR`, `import DIR`): the title as a level-one heading,
/// a blank line, then the body. A file without a heading takes its name as the title. A file may
/// start with YAML front matter (`---` lines around `key: value` lines, as nb, Obsidian, Hugo and
/// Jekyll write): `title` gives the title, `tags` (`[a, b]`, `a, b` or `- a` lines) become `#tags`
/// on the body's last line, and `modified`/`updated`/`date`/`created` (ISO 8601) the note's time;
/// the front matter never stays in the body.
enum NoteMarkdown {
    /// A note read from a file: its draft, and the time its front matter gives (nil for none).
    struct Imported: Equatable {
        let draft: NoteDraft
        let modified: Double?
    }

    /// The note in `text` with its front matter read (see the type's comment).
    static func imported(from text: String, fileName: String) -> Imported {
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n")
        let (fields, rest) = frontMatter(of: normalized)
        let plain = draft(from: rest, fileName: fileName)
        var title = plain.title
        if let given = fields["title"].map(unquoted), !given.isEmpty {
            title = given
        }
        var body = plain.body
        let tags = fields["tags"].map(listItems) ?? fields["keywords"].map(listItems) ?? []
        let missing = tags.map { $0.replacingOccurrences(of: " ", with: "-").lowercased() }
            .filter { !$0.isEmpty && !NoteText.tags(in: body).contains($0) }
        if !missing.isEmpty {
            body += (body.isEmpty ? "" : "\n\n") + missing.map { "#" + $0 }.joined(separator: " ")
        }
        let time = ["modified", "updated", "date", "created"].lazy.compactMap { fields[$0].flatMap(seconds) }.first
        return Imported(draft: NoteDraft(title: title, body: body), modified: time)
    }

    /// The front matter's fields (a key's value; a list's items joined by ", ") and the text after it.
    static func frontMatter(of text: String) -> (fields: [String: String], rest: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.first?.trimmingCharacters(in: .whitespaces) == "---",
              let end = lines.dropFirst().firstIndex(where: { ["---", "..."].contains($0.trimmingCharacters(in: .whitespaces)) }) else {
            return ([:], text)
        }
        var fields: [String: String] = [:]
        var lastKey: String?
        for line in lines[1..<end] {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("- "), let key = lastKey {
                let item = unquoted(String(trimmed.dropFirst(2)))
                fields[key] = (fields[key].map { $0.isEmpty ? "" : $0 + ", " } ?? "") + item
                continue
            }
            guard let colon = line.firstIndex(of: ":"), !line.hasPrefix(" ") else { continue }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            fields[key] = value
            lastKey = key
        }
        lines.removeSubrange(0...end)
        return (fields, lines.joined(separator: "\n"))
    }

    /// `[a, b]`, `a, b` or `a b` as items, without quotes or `#`.
    private static func listItems(_ value: String) -> [String] {
        var inner = value.trimmingCharacters(in: .whitespaces)
        if inner.hasPrefix("["), inner.hasSuffix("]") { inner = String(inner.dropFirst().dropLast()) }
        let separators: (Character) -> Bool = inner.contains(",") ? { $0 == "," } : { $0 == " " }
        return inner.split(whereSeparator: separators).map { unquoted(String($0)) }
            .map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }.filter { !$0.isEmpty }
    }

    private static func unquoted(_ value: String) -> String {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        for quote in ["\"", "'"] where trimmed.count >= 2 && trimmed.hasPrefix(quote) && trimmed.hasSuffix(quote) {
            return String(trimmed.dropFirst().dropLast())
        }
        return trimmed
    }

    /// An ISO 8601 date (`2026-03-01`, read as noon UTC so every zone keeps the day) or date and
    /// time (`2026-03-01T09:30:00Z`, `2026-03-01 09:30`), in seconds since 1970; nil otherwise.
    static func seconds(_ value: String) -> Double? {
        let text = unquoted(value)
        let withZone = ISO8601DateFormatter()
        if let date = withZone.date(from: text) { return date.timeIntervalSince1970 }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        for format in ["yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd HH:mm", "yyyy-MM-dd'T'HH:mm"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date.timeIntervalSince1970 }
        }
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.date(from: text).map { $0.timeIntervalSince1970 + 12 * 3600 }
    }

    /// `# Title`, a blank line and the body, ending in a newline.
    static func text(title: String, body: String) -> String {
        "# \(title)\n" + (body.isEmpty ? "" : "\n\(body)\n")
    }

    /// The note in `text`; `fileName` (without `.md`) is the title when there is no heading.
    static func draft(from text: String, fileName: String) -> NoteDraft {
        var lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.first?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeFirst() }
        var title = fileName
        if let first = lines.first, first.hasPrefix("# ") {
            title = String(first.dropFirst(2)).trimmingCharacters(in: .whitespaces)
            lines.removeFirst()
            while lines.first?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeFirst() }
        }
        while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
        return NoteDraft(title: title, body: lines.joined(separator: "\n"))
    }

    /// A file name for `title` that is not in `taken`: lower-case letters, digits and dashes
    /// (`Groceries for Sunday` → `groceries-for-sunday.md`), `note-ID.md` when none are left,
    /// then `-2`, `-3`... until it is free.
    static func fileName(title: String, id: Int64, taken: Set<String>) -> String {
        var slug = ""
        for character in title.lowercased() {
            if character.isASCII && (character.isLetter || character.isNumber) {
                slug.append(character)
            } else if !slug.isEmpty && slug.last != "-" {
                slug.append("-")
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        let base = slug.isEmpty ? "note-\(id)" : String(slug.prefix(80))
        var name = base + ".md"
        var count = 2
        while taken.contains(name) {
            name = "\(base)-\(count).md"
            count += 1
        }
        return name
    }
}
