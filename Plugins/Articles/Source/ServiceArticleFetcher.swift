import Contracts
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The list's ``ArticleFetching`` on the ``FeedFetching`` service resolved from the registry
/// (the plugin's own provider, or whichever plugin replaced it): it starts the service's fetch,
/// and each answer, from whatever thread the service completes on, is kept and signalled
/// (``AnswerSignal``), so the Interactor sleeps until one comes. A 304 becomes
/// ``ArticleFeedNotModified``, any other status outside 2xx an ``ArticleSourceError`` that names it.
final class ServiceArticleFetcher: ArticleFetching {
    private let service: any FeedFetching
    private let timeout: Double
    private let signal = AnswerSignal()

    init(service: any FeedFetching, timeout: Double = 10) {
        self.service = service
        self.timeout = timeout
    }

    func start(_ url: URL, validators: FeedValidators) -> any ArticleFetch {
        let fetch = PendingArticleFetch(address: url.absoluteString, timeout: timeout, signal: signal)
        let request = FeedRequest(address: url.absoluteString, etag: validators.etag,
                                  lastModified: validators.lastModified, timeoutSeconds: timeout)
        let task = service.fetch(request) { outcome in fetch.finish(outcome) }
        fetch.task = task
        return fetch
    }

    func waitForAnswer(seconds: Double) -> AnswerSignal.Wake {
        signal.wait(seconds: seconds)
    }
}

/// One fetch of the service, its answer handed from whatever thread the service completes on
/// to the waiting caller. A service that never completes is given up on a second after the
/// request's own timeout.
private final class PendingArticleFetch: ArticleFetch, @unchecked Sendable {
    private let address: String
    private let deadline: Double
    private let timeout: Double
    private let signal: AnswerSignal
    private let lock = NSLock()
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

    init(address: String, timeout: Double, signal: AnswerSignal) {
        self.address = address
        self.timeout = timeout
        self.signal = signal
        deadline = ProcessInfo.processInfo.systemUptime + timeout + 1
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
        if first { signal.signal() }
    }

    func answer() throws -> Data? {
        let (outcome, cancelled) = lock.withLock { (self.outcome, self.cancelled) }
        if cancelled { throw ArticleFetchCancelled(url: address) }
        if let outcome { return try outcome.get() }
        guard ProcessInfo.processInfo.systemUptime < deadline else {
            task?.cancel()
            throw ArticleSourceError("\(address) did not answer within \(Int(timeout)) seconds; try 'refresh' later")
        }
        return nil
    }

    func cancel() {
        lock.withLock { cancelled = true }
        task?.cancel()
    }
}
