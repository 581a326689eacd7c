import Contracts

/// A note as a Markdown file (`export DIR`, `import DIR`): the title as a level-one heading,
/// a blank line, then the body. A file without a heading takes its name as the title.
enum NoteMarkdown {
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
