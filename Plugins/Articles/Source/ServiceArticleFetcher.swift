import Contracts
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The list's ``ArticleFetching`` on the ``FeedFetching`` service resolved from the registry
/// (the plugin's own URLSession provider, or whichever plugin replaced it): it starts the
/// service's fetch and lets the Interactor wait for the answer a while at a time, with Ctrl-C
/// stopping the wait (see ``Interruption``). A 304 becomes ``ArticleFeedNotModified``, any
/// other status outside 2xx an ``ArticleSourceError`` that names it.
final class ServiceArticleFetcher: ArticleFetching {
    private let service: any FeedFetching
    private let timeout: Double

    init(service: any FeedFetching, timeout: Double = 10) {
        self.service = service
        self.timeout = timeout
    }

    func start(_ url: URL, validators: FeedValidators) -> any ArticleFetch {
        let fetch = PendingArticleFetch(address: url.absoluteString, timeout: timeout)
        let request = FeedRequest(address: url.absoluteString, etag: validators.etag,
                                  lastModified: validators.lastModified, timeoutSeconds: timeout)
        let task = service.fetch(request) { outcome in fetch.finish(outcome) }
        fetch.task = task
        return fetch
    }
}

/// One fetch of the service, its answer handed from whatever thread the service completes on
/// to the waiting caller.
private final class PendingArticleFetch: ArticleFetch, @unchecked Sendable {
    private let address: String
    private let deadline: Date
    private let timeout: Double
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private var outcome: Result<Data, any Error>?
    private var cancelled = false
    private var answered = FeedValidators.none
    private var started: (any FeedFetchTask)?

    var task: (any FeedFetchTask)? {
        get { lock.withLock { started } }
        set { lock.withLock { started = newValue } }
    }

    var validators: FeedValidators {
        lock.withLock { answered }
    }

    init(address: String, timeout: Double) {
        self.address = address
        self.timeout = timeout
        deadline = Date().addingTimeInterval(timeout + 1)
    }

    func finish(_ fetched: FeedFetchOutcome) {
        let result: Result<Data, any Error>
        var validators = FeedValidators.none
        switch fetched {
        case .failed(let reason):
            result = .failure(ArticleSourceError(reason))
        case .answered(let response) where response.status == 304:
            result = .failure(ArticleFeedNotModified(url: address))
        case .answered(let response) where !(200..<300).contains(response.status):
            let phrase = HTTPURLResponse.localizedString(forStatusCode: response.status)
            result = .failure(ArticleSourceError("\(address) answered \(response.status) (\(phrase)); try 'refresh' later or another source"))
        case .answered(let response):
            result = .success(Data(response.body))
            validators = FeedValidators(etag: response.etag, lastModified: response.lastModified)
        @unknown default:
            result = .failure(ArticleSourceError("the feed fetcher answered \(address) in a way this plugin does not know; update the articles plugin"))
        }
        let first: Bool = lock.withLock {
            guard outcome == nil else { return false }
            outcome = result
            answered = validators
            return true
        }
        if first { done.signal() }
    }

    func wait(seconds: Double) throws -> Data? {
        let until = Date().addingTimeInterval(seconds)
        let interrupted: Bool = Interruption.catching {
            while !isFinished, Date() < until, Date() < deadline {
                if Interruption.wasInterrupted { return true }
                _ = done.wait(timeout: .now() + 0.05)
            }
            return Interruption.wasInterrupted && !isFinished
        }
        if interrupted { cancel() }
        let (outcome, cancelled) = lock.withLock { (self.outcome, self.cancelled) }
        if cancelled { throw ArticleFetchCancelled(url: address) }
        if let outcome { return try outcome.get() }
        guard Date() < deadline else {
            task?.cancel()
            throw ArticleSourceError("\(address) did not answer within \(Int(timeout)) seconds; try 'refresh' later")
        }
        return nil
    }

    func cancel() {
        lock.withLock { cancelled = true }
        task?.cancel()
    }

    private var isFinished: Bool {
        lock.withLock { outcome != nil || cancelled }
    }
}
