import Foundation

/// A shell path as typed after `open`: slash-separated segments and an optional
/// `?name=value&name=value` query, with percent-escapes decoded.
///
///     RoutePath(parsing: "notes/42")                      // segments ["notes", "42"]
///     RoutePath(parsing: "articles?source=http://x/a.json") // query [("source", "http://x/a.json")]
package struct RoutePath: Equatable {
    /// The path without query, slashes at either end removed, as typed.
    package let path: String
    /// Decoded segments of ``path``.
    package let segments: [String]
    /// Query pairs in the order typed (names and values decoded).
    package let query: [Query]

    package struct Query: Equatable {
        package let name: String
        package let value: String
    }

    /// Parses `text`; throws a ``NavigationError`` for a query pair without a name or a value.
    package init(parsing text: String) throws {
        let trimmed = text.trimmingWhitespace()
        let pathPart: Substring
        let queryPart: Substring?
        if let mark = trimmed.utf8.firstIndex(of: UInt8(ascii: "?")) {
            pathPart = trimmed[..<mark]
            queryPart = trimmed[trimmed.index(after: mark)...]
        } else {
            pathPart = Substring(trimmed)
            queryPart = nil
        }
        var bare = pathPart
        while bare.utf8.first == UInt8(ascii: "/") { bare = bare.dropFirst() }
        while bare.utf8.last == UInt8(ascii: "/") { bare = bare.dropLast() }
        path = String(bare)
        segments = bare.isEmpty ? [] : Self.slashSeparated(bare).map { Self.decode($0) }
        var pairs: [Query] = []
        for pair in (queryPart ?? "").split(separator: "&", omittingEmptySubsequences: true) {
            guard let equals = pair.firstIndex(of: "=") else {
                throw NavigationError(
                    .badParameter, "parameter '\(Self.decode(pair))' in '\(trimmed)' needs a value, e.g. '\(path)?\(Self.decode(pair))=VALUE'")
            }
            let name = Self.decode(pair[..<equals])
            guard !name.isEmpty else {
                throw NavigationError(.badParameter, "'\(pair)' in '\(trimmed)' has no parameter name; write NAME=VALUE")
            }
            pairs.append(Query(name: name, value: Self.decode(pair[pair.index(after: equals)...])))
        }
        query = pairs
    }

    /// Decodes `%XX` escapes as UTF-8; text with a malformed escape or invalid UTF-8 is
    /// kept as typed. (Not `removingPercentEncoding`: it drops a leading U+FEFF, so
    /// `%EF%BB%BF` became an empty value, found by fuzzing.)
    /// `text.split(separator: "/", omittingEmptySubsequences: false)`, by bytes (a slash is
    /// one byte and never part of a longer character, so the pieces are the same).
    private static func slashSeparated(_ text: Substring) -> [Substring] {
        var pieces: [Substring] = []
        var start = text.startIndex
        for index in text.utf8.indices where text.utf8[index] == UInt8(ascii: "/") {
            pieces.append(text[start..<index])
            start = text.utf8.index(after: index)
        }
        pieces.append(text[start...])
        return pieces
    }

    private static func decode(_ text: Substring) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return String(text) }
        var bytes: [UInt8] = []
        var utf8 = text.utf8[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = utf8.popFirst().flatMap(hexValue), let low = utf8.popFirst().flatMap(hexValue) else {
                return String(text)
            }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self) ?? String(text)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
