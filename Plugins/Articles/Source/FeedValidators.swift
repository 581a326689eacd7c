/// What a server said identifies the version of a feed it sent (`ETag`, `Last-Modified`), kept
/// with the feed and sent back on the next fetch (`If-None-Match`, `If-Modified-Since`), so an
/// unchanged feed is answered `304 Not Modified` without its body.
struct FeedValidators: Equatable {
    var etag: String?
    var lastModified: String?

    static let none = FeedValidators()

    var isEmpty: Bool { etag == nil && lastModified == nil }
}

/// A conditional fetch was answered `304 Not Modified`: the kept copy is current.
struct ArticleFeedNotModified: Error, CustomStringConvertible {
    let url: String
    var description: String { "\(url) has not changed since the kept copy" }
}
