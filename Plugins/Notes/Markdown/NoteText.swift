import Foundation

/// The rules for what a note's text means beyond its words: `#tag` (a `#` that starts a word,
/// followed by letters, digits, `-` or `_`; a heading's `# ` is not one, nor is `#` in the middle
/// of a word such as `C#`) and `[[Title]]` links to the note with that title.
enum NoteText {
    /// The tags of `text`, lower-case, without `#`, each once, in order of first use.
    static func tags(in text: String) -> [String] {
        var found: [String] = []
        var inCode = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingPrefix(while: { $0 == " " }).hasPrefix("```") { inCode.toggle(); continue }
            if inCode { continue }
            let characters = Array(line)
            var index = 0
            while index < characters.count {
                let startsWord = index == 0 || characters[index - 1].isWhitespace || characters[index - 1] == "("
                if characters[index] == "#", startsWord {
                    var end = index + 1
                    while end < characters.count, isTagCharacter(characters[end]) { end += 1 }
                    let tag = String(characters[(index + 1)..<end]).lowercased()
                    if !tag.isEmpty, tag.contains(where: { $0.isLetter }), !found.contains(tag) { found.append(tag) }
                    index = end
                } else {
                    index += 1
                }
            }
        }
        return found
    }

    /// The titles `[[Title]]` names in `text`, each once, in order.
    static func links(in text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "[["), let close = rest[open.upperBound...].range(of: "]]") {
            let title = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            if !title.isEmpty, !title.contains("\n"), !found.contains(title) { found.append(title) }
            rest = rest[close.upperBound...]
        }
        return found
    }

    /// Whether `text` links to `title` (titles compare without case).
    static func links(_ text: String, to title: String) -> Bool {
        links(in: text).contains { $0.caseInsensitiveCompare(title) == .orderedSame }
    }

    private static func isTagCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "-" || character == "_" || character == "/"
    }
}
