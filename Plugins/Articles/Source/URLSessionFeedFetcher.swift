import Contracts
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Articles plugin's provider of ``FeedFetching`` (registered as a service, so another
/// plugin can replace it): fetches http and https addresses with URLSession, conditionally when
/// the request carries validators, and reads file addresses from disk.
///
/// URLSession gives up after the request's `timeoutSeconds`; every answer, whatever its status,
/// is handed back as it came (the caller decides what a 404 or a 304 means).
final class URLSessionFeedFetcher: FeedFetching {
    private let session: URLSession

    init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
    }

    deinit {
        session.invalidateAndCancel()
    }

    func fetch(_ request: FeedRequest, completion: @escaping @Sendable (FeedFetchOutcome) -> Void) -> any FeedFetchTask {
        guard let url = URL(string: request.address) else {
            completion(.failed("'\(request.address)' is not an address; give an http://, https:// or file:// URL"))
            return FinishedFeedTask()
        }
        if url.isFileURL {
            do {
                completion(.answered(FeedResponse(status: 200, body: Array(try Data(contentsOf: url)))))
            } catch {
                completion(.failed("cannot read \(url.path): \(Self.reason(error)); check the path"))
            }
            return FinishedFeedTask()
        }
        var urlRequest = URLRequest(url: url, timeoutInterval: request.timeoutSeconds)
        if let etag = request.etag { urlRequest.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let lastModified = request.lastModified { urlRequest.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since") }
        let address = request.address
        let task = session.dataTask(with: urlRequest) { data, response, error in
            if let error {
                completion(.failed("cannot reach \(address): \(Self.reason(error)); check the URL and that the server is running"))
                return
            }
            let http = response as? HTTPURLResponse
            completion(.answered(FeedResponse(status: http?.statusCode ?? 200, body: Array(data ?? Data()),
                                              etag: http?.value(forHTTPHeaderField: "ETag"),
                                              lastModified: http?.value(forHTTPHeaderField: "Last-Modified"))))
        }
        task.resume()
        return SessionFeedTask(task)
    }

    static func reason(_ error: any Error) -> String {
        let text = (error as NSError).localizedDescription
        return text.isEmpty ? "\(error)" : text
    }
}

/// A fetch that was answered before `fetch` returned (a file, a bad address).
private final class FinishedFeedTask: FeedFetchTask {
    func cancel() {}
}

/// A URLSession task under way.
private final class SessionFeedTask: FeedFetchTask {
    private let task: URLSessionDataTask

    init(_ task: URLSessionDataTask) {
        self.task = task
    }

    func cancel() {
        task.cancel()
    }
}
