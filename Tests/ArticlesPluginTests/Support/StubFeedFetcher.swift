import Contracts

/// A ``FeedFetching`` provider that answers every request with one RSS 2.0 feed at once, and
/// notes the requests it was given: the replacement a test registers in the plugin's place.
final class StubFeedFetcher: FeedFetching, @unchecked Sendable {
    private(set) var requests: [FeedRequest] = []
    let outcome: FeedFetchOutcome

    init(outcome: FeedFetchOutcome = .answered(FeedResponse(status: 200, body: Array(StubFeedFetcher.rss.utf8), etag: "\"v1\""))) {
        self.outcome = outcome
    }

    static let rss = """
        <?xml version="1.0"?>
        <rss version="2.0"><channel><title>Stub</title>
        <item><title>Served by the replacement</title><link>http://feeds.test/1</link></item>
        </channel></rss>
        """

    func fetch(_ request: FeedRequest, completion: @escaping @Sendable (FeedFetchOutcome) -> Void) -> any FeedFetchTask {
        requests.append(request)
        completion(outcome)
        return Task()
    }

    private final class Task: FeedFetchTask {
        func cancel() {}
    }
}
