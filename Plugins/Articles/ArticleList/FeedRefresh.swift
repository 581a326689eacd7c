import Contracts
import Foundation

/// A refresh of several feeds (the list's Interactor runs it): at most ``feedsAtOnce`` fetches in
/// flight, the next started as soon as one ends, every end reported as it happens, and the
/// thread asleep in between (``ArticleFetching/waitForAnswer(seconds:)``), never polling.
///
/// A feed silent for ``wait`` seconds while nothing else answered is given up with its line;
/// Ctrl-C stops the whole refresh: fetches in flight are cancelled and the feeds not fetched
/// keep their copies, under one line.
struct FeedRefresh {
    /// How many feeds are fetched at the same time.
    static let feedsAtOnce = 4
    /// How long the refresh waits with no answer at all before it gives up on the feeds in flight.
    static let wait = 11.0

    /// How one feed's fetch ended.
    enum End {
        case fetched(Data, FeedValidators)
        case unchanged
        case failed(String)
    }

    let total: Int
    private(set) var stopped = false
    private(set) var skipped = 0

    init(total: Int) {
        self.total = total
    }

    /// Fetches `feeds` (address and the validators of its kept copy) through `fetcher`, calling
    /// `ended` for each feed in the order they end.
    mutating func run(_ feeds: [(address: String, validators: FeedValidators)], fetcher: any ArticleFetching,
                      ended: (String, End) -> Void) {
        var queue = feeds[...]
        var inFlight: [(address: String, fetch: any ArticleFetch)] = []
        Interruption.catching {
            while !queue.isEmpty || !inFlight.isEmpty {
                while inFlight.count < Self.feedsAtOnce, let next = queue.popFirst() {
                    guard let url = FeedRefresh.url(next.address) else {
                        ended(next.address, .failed("'\(next.address)' is not an http://, https:// or file:// address; 'unsubscribe' it"))
                        continue
                    }
                    inFlight.append((next.address, fetcher.start(url, validators: next.validators)))
                }
                var finished = false
                inFlight.removeAll { entry in
                    guard let end = Self.end(of: entry.fetch) else { return false }
                    ended(entry.address, end)
                    finished = true
                    return true
                }
                guard !finished, !inFlight.isEmpty else { continue }
                switch fetcher.waitForAnswer(seconds: Self.wait) {
                case .answered: continue
                case .timedOut:
                    for entry in inFlight {
                        entry.fetch.cancel()
                        ended(entry.address, .failed("\(entry.address) did not answer within \(Int(Self.wait)) s; try 'refresh' later"))
                    }
                    inFlight.removeAll()
                case .interrupted:
                    inFlight.forEach { $0.fetch.cancel() }
                    stopped = true
                    skipped = inFlight.count + queue.count
                    inFlight.removeAll()
                    queue.removeAll()
                }
            }
        }
    }

    /// How `fetch` ended, nil while it runs.
    private static func end(of fetch: any ArticleFetch) -> End? {
        do {
            guard let data = try fetch.answer() else { return nil }
            return .fetched(data, fetch.validators)
        } catch is ArticleFeedNotModified {
            return .unchanged
        } catch {
            return .failed("\(error)")
        }
    }

    static func url(_ address: String) -> URL? {
        guard case .url(let url) = try? ArticleSource(address) else { return nil }
        return url
    }

    /// The line under the list once Ctrl-C stopped the refresh.
    var stopLine: String? {
        stopped ? "stopped (Ctrl-C): \(skipped) of \(total) feeds were not fetched; their kept copies are shown" : nil
    }
}
