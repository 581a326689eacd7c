/// newsboat's `urls` file (`~/.newsboat/urls`), the list of subscriptions its users keep by hand:
/// one feed a line, its address first, then its tags, each may be quoted (`"~Title"`, a tag
/// that starts with `~`, names the feed); `#` starts a comment, blank lines are skipped.
/// `query:`, `exec:` and `filter:` lines are newsboat's own kinds of feeds, kept as written so
/// the import names them among the addresses it cannot fetch.
enum NewsboatURLs {
    /// The feeds of `text`, or nil when it does not read as a urls file (its first line that is
    /// not blank or a comment does not start with an address).
    static func feeds(from text: String) -> [OPML.Feed]? {
        var feeds: [OPML.Feed] = []
        for line in text.split(whereSeparator: \.isNewline) {
            let words = self.words(of: String(line))
            guard let address = words.first else { continue }
            guard address.contains(":") else { return feeds.isEmpty ? nil : feeds }
            let title = words.dropFirst().first { $0.hasPrefix("~") }.map { String($0.dropFirst()) } ?? ""
            feeds.append(OPML.Feed(address: address, title: title))
        }
        return feeds.isEmpty ? nil : feeds
    }

    /// The words of `line` before a `#` outside quotes; a quoted word keeps its spaces, and a
    /// backslash keeps the next character (`\"`).
    private static func words(of line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        var started = false
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
                started = true
            } else if character == "\"" {
                quoted.toggle()
                started = true
            } else if character == "#", !quoted {
                break
            } else if character.isWhitespace, !quoted {
                if started { words.append(current) }
                current = ""
                started = false
            } else {
                current.append(character)
                started = true
            }
        }
        if started { words.append(current) }
        return words
    }
}
