import Foundation

/// A shell path as typed after `open`: slash-separated segments and an optional
/// `?name=value&name=value` query, with percent-escapes decoded.
///
///     RoutePath(parsing: "notes/42")                      // segments ["notes", "42"]
///     RoutePath(parsing: "articles?source=http://x/a.json") // query [("source", "http://x/a.json")]
struct RoutePath: Equatable {
    /// The path without query, slashes at either end removed, as typed.
    let path: String
    /// Decoded segments of ``path``.
    let segments: [String]
    /// Query pairs in the order typed (names and values decoded).
    let query: [Query]

    struct Query: Equatable {
        package let name: String
        let value: String
    }

    /// Parses `text`; throws a ``NavigationError`` for a query pair without a name or a value.
    init(parsing text: String) throws {
        let trimmed = text.trimmingWhitespace()
        let pathPart: Substring
        let queryPart: Substring?
        if let mark = trimmed.firstIndex(of: "?") {
            pathPart = trimmed[..<mark]
            queryPart = trimmed[trimmed.index(after: mark)...]
        } else {
            pathPart = Substring(trimmed)
            queryPart = nil
        }
        var bare = pathPart
        while bare.hasPrefix("/") { bare = bare.dropFirst() }
        while bare.hasSuffix("/") { bare = bare.dropLast() }
        path = String(bare)
        segments = bare.isEmpty ? [] : bare.split(separator: "/", omittingEmptySubsequences: false).map { Self.decode($0) }
        var pairs: [Query] = []
        for pair in (queryPart ?? "").split(separator: "&", omittingEmptySubsequences: true) {
            guard let equals = pair.firstIndex(of: "=") else {
                throw NavigationError(.badParameter, "parameter '\(Self.decode(pair))' in '\(trimmed)' needs a value, e.g. '\(path)?\(Self.decode(pair))=VALUE'")
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
    private static func decode(_ text: Substring) -> String {
        guard text.contains("%") else { return String(text) }
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
