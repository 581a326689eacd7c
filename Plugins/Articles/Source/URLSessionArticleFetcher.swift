import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fetches http and https URLs with URLSession, and reads file URLs from disk.
///
/// A fetch runs on URLSession's queue; the list waits for it a short while so a
/// quick answer is drawn by the same command, then lets the shell go on (the
/// answer is picked up when the list is next drawn). URLSession gives up after
/// `timeout` seconds. Ctrl-C during a wait cancels the request (see ``Interruption``).
final class URLSessionArticleFetcher: ArticleFetching {
    private let session: URLSession
    private let timeout: TimeInterval

    init(timeout: TimeInterval = 10) {
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
    }

    deinit {
        session.invalidateAndCancel()
    }

    func start(_ url: URL, validators: FeedValidators) -> any ArticleFetch {
        if url.isFileURL {
            do {
                return FinishedFetch(.success(try Data(contentsOf: url)))
            } catch {
                return FinishedFetch(.failure(ArticleSourceError("cannot read \(url.path): \(Self.reason(error)); check the path")))
            }
        }
        let fetch = SessionFetch(url: url, timeout: timeout)
        var request = URLRequest(url: url)
        if let etag = validators.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let lastModified = validators.lastModified { request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since") }
        let task = session.dataTask(with: request) { data, response, error in
            fetch.finish(data: data, response: response, error: error)
        }
        fetch.task = task
        task.resume()
        return fetch
    }

    fileprivate static func reason(_ error: any Error) -> String {
        let text = (error as NSError).localizedDescription
        return text.isEmpty ? "\(error)" : text
    }
}

/// A file read at once.
private final class FinishedFetch: ArticleFetch {
    private let result: Result<Data, ArticleSourceError>

    init(_ result: Result<Data, ArticleSourceError>) {
        self.result = result
    }

    func wait(seconds: Double) throws -> Data? {
        try result.get()
    }

    func cancel() {}

    var validators: FeedValidators { .none }
}

/// An HTTP fetch: URLSession's answer, handed from its queue to the waiting caller.
private final class SessionFetch: ArticleFetch, @unchecked Sendable {
    private let url: URL
    private let deadline: Date
    private let timeout: TimeInterval
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private var outcome: Result<Data, any Error>?
    private var cancelled = false
    private var answered = FeedValidators.none
    var task: URLSessionDataTask?

    var validators: FeedValidators {
        lock.withLock { answered }
    }

    init(url: URL, timeout: TimeInterval) {
        self.url = url
        self.timeout = timeout
        deadline = Date().addingTimeInterval(timeout + 1)
    }

    func finish(data: Data?, response: URLResponse?, error: (any Error)?) {
        let result: Result<Data, any Error>
        if let error {
            result = .failure(ArticleSourceError("cannot reach \(url.absoluteString): \(URLSessionArticleFetcher.reason(error)); check the URL and that the server is running"))
        } else if let http = response as? HTTPURLResponse, http.statusCode == 304 {
            result = .failure(ArticleFeedNotModified(url: url.absoluteString))
        } else if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            let phrase = HTTPURLResponse.localizedString(forStatusCode: http.statusCode)
            result = .failure(ArticleSourceError("\(url.absoluteString) answered \(http.statusCode) (\(phrase)); try 'refresh' later or another source"))
        } else {
            result = .success(data ?? Data())
        }
        let http = response as? HTTPURLResponse
        let validators = FeedValidators(etag: http?.value(forHTTPHeaderField: "ETag"),
                                        lastModified: http?.value(forHTTPHeaderField: "Last-Modified"))
        lock.withLock {
            outcome = result
            answered = validators
        }
        done.signal()
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
        if cancelled { throw ArticleFetchCancelled(url: url.absoluteString) }
        if let outcome { return try outcome.get() }
        guard Date() < deadline else {
            task?.cancel()
            throw ArticleSourceError("\(url.absoluteString) did not answer within \(Int(timeout)) seconds; try 'refresh' later")
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
