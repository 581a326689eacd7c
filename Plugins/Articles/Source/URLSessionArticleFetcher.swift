import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fetches http and https URLs with URLSession, and reads file URLs from disk.
///
/// The shell draws after each command, so a fetch finishes (or times out) before
/// the command returns: the call waits for URLSession's answer, at most
/// `timeout` seconds. Ctrl-C during the wait cancels the request and throws
/// ``ArticleFetchCancelled`` (see ``Interruption``), so the shell stays open.
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

    func fetch(_ url: URL) throws -> Data {
        if url.isFileURL {
            do {
                return try Data(contentsOf: url)
            } catch {
                throw ArticleSourceError("cannot read \(url.path): \(Self.reason(error)); check the path")
            }
        }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: url) { data, response, error in
            outcome.set(data: data, response: response, error: error)
            done.signal()
        }
        let deadline = Date().addingTimeInterval(timeout + 1)
        let answered: Bool = Interruption.catching {
            task.resume()
            while Date() < deadline {
                if done.wait(timeout: .now() + 0.05) == .success { return true }
                if Interruption.wasInterrupted { return false }
            }
            return false
        }
        guard answered else {
            task.cancel()
            if Interruption.wasInterrupted { throw ArticleFetchCancelled(url: url.absoluteString) }
            throw ArticleSourceError("\(url.absoluteString) did not answer within \(Int(timeout)) seconds; try 'refresh' later")
        }
        let (data, response, error) = outcome.get()
        if let error {
            throw ArticleSourceError("cannot reach \(url.absoluteString): \(Self.reason(error)); check the URL and that the server is running")
        }
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            let phrase = HTTPURLResponse.localizedString(forStatusCode: http.statusCode)
            throw ArticleSourceError("\(url.absoluteString) answered \(http.statusCode) (\(phrase)); try 'refresh' later or another source")
        }
        return data ?? Data()
    }

    private static func reason(_ error: any Error) -> String {
        let text = (error as NSError).localizedDescription
        return text.isEmpty ? "\(error)" : text
    }

    /// What URLSession handed back, passed from its queue to the waiting caller.
    private final class Outcome: @unchecked Sendable {
        private let lock = NSLock()
        private var data: Data?
        private var response: URLResponse?
        private var error: (any Error)?

        func set(data: Data?, response: URLResponse?, error: (any Error)?) {
            lock.withLock {
                self.data = data
                self.response = response
                self.error = error
            }
        }

        func get() -> (Data?, URLResponse?, (any Error)?) {
            lock.withLock { (data, response, error) }
        }
    }
}
