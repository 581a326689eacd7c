/// The service that fetches a feed for the Articles plugin: one request, answered once, with the
/// validators of conditional requests (`ETag`, `Last-Modified`). The Articles plugin registers a
/// provider on URLSession; a plugin that registers its own (a proxy, a cache, a test double) and
/// is chosen for `Contracts.FeedFetching` replaces it, and the article list does not change.
///
///     let task = fetcher.fetch(FeedRequest(address: "https://example.org/feed.xml")) { outcome in
///         switch outcome {
///         case .answered(let response): handle(response.status, response.body)
///         case .failed(let reason): show(reason)
///         }
///     }
///
/// Added in Contracts 1.7.
public protocol FeedFetching: AnyObject {
    /// Starts fetching `request` and returns at once. `completion` is called exactly once, on any
    /// thread, unless the returned task is cancelled first (then it may not be called at all).
    /// A provider gives up after `request.timeoutSeconds` and completes with ``FeedFetchOutcome/failed(_:)``.
    func fetch(_ request: FeedRequest, completion: @escaping @Sendable (FeedFetchOutcome) -> Void) -> any FeedFetchTask
}

/// One fetch under way, as ``FeedFetching/fetch(_:completion:)`` returns it.
///
/// Added in Contracts 1.7.
public protocol FeedFetchTask: AnyObject {
    /// Stops the fetch (Ctrl-C, or the list closed); calling it after the answer does nothing.
    func cancel()
}

/// What to fetch: an http, https or file address, and the validators of the copy already kept.
/// With a validator, an http request is conditional (`If-None-Match`, `If-Modified-Since`), and
/// a server whose feed has not changed answers status 304 without a body.
///
/// Added in Contracts 1.7.
public struct FeedRequest: Hashable, Sendable {
    /// The feed's address, e.g. `https://example.org/feed.xml` or `file:///tmp/feed.json`.
    public var address: String
    /// The `ETag` the server sent with the kept copy; nil for none.
    public var etag: String?
    /// The `Last-Modified` the server sent with the kept copy; nil for none.
    public var lastModified: String?
    /// How long the provider waits for an answer before it fails the fetch.
    public var timeoutSeconds: Double

    /// Makes a request; without validators it is unconditional.
    public init(address: String, etag: String? = nil, lastModified: String? = nil, timeoutSeconds: Double = 10) {
        self.address = address
        self.etag = etag
        self.lastModified = lastModified
        self.timeoutSeconds = timeoutSeconds
    }
}

/// An answer from the server (or the file): its status, body and validators.
///
/// Added in Contracts 1.7.
public struct FeedResponse: Hashable, Sendable {
    /// The HTTP status code (200 for a file that was read; 304 when a conditional request found
    /// the kept copy current).
    public var status: Int
    /// The body's bytes; empty for a 304.
    public var body: [UInt8]
    /// The `ETag` the server sent; nil for none (and for a file).
    public var etag: String?
    /// The `Last-Modified` the server sent; nil for none (and for a file).
    public var lastModified: String?

    /// Makes a response.
    public init(status: Int, body: [UInt8], etag: String? = nil, lastModified: String? = nil) {
        self.status = status
        self.body = body
        self.etag = etag
        self.lastModified = lastModified
    }
}

/// How a fetch ended: an answer of any status, or a failure before there was one.
///
/// Added in Contracts 1.7.
public enum FeedFetchOutcome: Hashable, Sendable {
    /// The server (or the file) answered; a status other than 2xx or 304 is the caller's to report.
    case answered(FeedResponse)
    /// No answer: the reason, one line that says what went wrong and what to check (e.g.
    /// "cannot reach http://localhost:8000/feed.xml: Could not connect to the server").
    case failed(String)
}
