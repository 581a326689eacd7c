import CFeedHTTP
import Contracts
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Articles plugin's provider of ``FeedFetching`` (registered as a service, so another
/// plugin can replace it): fetches http and https addresses with the system's libcurl on a
/// thread of their own (`CFeedHTTP`), conditionally when the request carries validators, and
/// reads file addresses from disk. Where libcurl cannot be loaded it falls back on URLSession.
///
/// Why not URLSession alone: on Linux it wakes thousands of times a second while it waits for a
/// slow server (a 6 s wait cost 2.5 s of CPU); libcurl's own loop sleeps in poll(2).
///
/// Every answer, whatever its status, is handed back as it came (the caller decides what a 404
/// or a 304 means); a fetch gives up after the request's `timeoutSeconds`.
final class SystemFeedFetcher: FeedFetching {
    private let fallback: URLSessionFeedFetching

    init() {
        fallback = URLSessionFeedFetching()
    }

    func fetch(_ request: FeedRequest, completion: @escaping @Sendable (FeedFetchOutcome) -> Void) -> any FeedFetchTask {
        guard let url = URL(string: request.address), let scheme = url.scheme?.lowercased() else {
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
        guard scheme == "http" || scheme == "https" else {
            completion(.failed("'\(request.address)' is not an http://, https:// or file:// address"))
            return FinishedFeedTask()
        }
        guard feed_http_available() == 1 else { return fallback.fetch(request, completion: completion) }
        let task = CurlFeedTask()
        let thread = Thread {
            completion(task.run(request))
        }
        thread.name = "feed fetch"
        thread.start()
        return task
    }

    static func reason(_ error: any Error) -> String {
        let text = (error as NSError).localizedDescription
        return text.isEmpty ? "\(error)" : text
    }
}

/// One libcurl transfer; `cancel` sets the word libcurl's progress callback reads (about once a
/// second while it waits), and the answer of a cancelled transfer is never handed on.
private final class CurlFeedTask: FeedFetchTask, @unchecked Sendable {
    private let flag = UnsafeMutablePointer<Int32>.allocate(capacity: 1)

    init() {
        flag.initialize(to: 0)
    }

    deinit {
        flag.deallocate()
    }

    func cancel() {
        flag.pointee = 1
    }

    func run(_ request: FeedRequest) -> FeedFetchOutcome {
        var response = feed_http_response()
        defer { feed_http_free(&response) }
        let result = feed_http_get(request.address, request.etag, request.lastModified, Int(request.timeoutSeconds * 1000), flag, &response)
        let error = withUnsafeBytes(of: response.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        switch result {
        case 0:
            let body = response.body.map { Array(UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: response.body_length)) } ?? []
            return .answered(FeedResponse(status: response.status, body: body, etag: response.etag.map { String(cString: $0) },
                                          lastModified: response.last_modified.map { String(cString: $0) }))
        case 2:
            return .failed("stopped fetching \(request.address)")
        default:
            return .failed("cannot reach \(request.address): \(error); check the URL and that the server is running")
        }
    }
}

/// A fetch that was answered before `fetch` returned (a file, a bad address).
private final class FinishedFeedTask: FeedFetchTask {
    func cancel() {}
}

/// The fallback: URLSession, where libcurl cannot be loaded.
private final class URLSessionFeedFetching {
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
            completion(.failed("'\(request.address)' is not an address"))
            return FinishedFeedTask()
        }
        var urlRequest = URLRequest(url: url, timeoutInterval: request.timeoutSeconds)
        if let etag = request.etag { urlRequest.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let lastModified = request.lastModified { urlRequest.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since") }
        let address = request.address
        let task = session.dataTask(with: urlRequest) { data, response, error in
            if let error {
                completion(.failed("cannot reach \(address): \(SystemFeedFetcher.reason(error)); check the URL and that the server is running"))
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
