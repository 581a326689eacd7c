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
        let name: String
        let value: String
    }

    /// Parses `text`; throws a ``NavigationError`` for a query pair without a name or a value.
    init(parsing text: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
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

    private static func decode(_ text: Substring) -> String {
        String(text).removingPercentEncoding ?? String(text)
    }
}
