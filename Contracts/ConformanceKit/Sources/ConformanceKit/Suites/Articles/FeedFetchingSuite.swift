import Contracts
import Foundation

extension ContractSuite {
    /// What every ``FeedFetching`` provider promises (see its doc comment), checked on file
    /// addresses so no network is needed: a file is answered 200 with its bytes; a missing file
    /// fails with a reason; the completion is called exactly once; `cancel` after the answer does
    /// nothing. Added with Contracts 1.7.
    public static let feedFetching = ContractSuite(for: FeedFetching.self, serviceChecks: [
        ServiceCheck("answers-a-file-with-its-bytes", run: FeedFetchingChecks.answersAFile),
        ServiceCheck("fails-a-missing-file-with-a-reason", run: FeedFetchingChecks.failsAMissingFile),
        ServiceCheck("completes-once-and-cancel-after-does-nothing", run: FeedFetchingChecks.completesOnce),
    ])
}

/// The checks of ``ContractSuite/feedFetching``.
enum FeedFetchingChecks {
    /// The bytes of the feed file the checks write.
    static let feed = Array("<rss version=\"2.0\"><channel><title>kit</title></channel></rss>".utf8)
    /// How long a check waits for an answer before it fails.
    static let wait = 10.0

    /// The outcomes a fetch completed with, collected from whichever thread the provider uses.
    final class Outcomes: @unchecked Sendable {
        private let lock = NSLock()
        private let arrived = DispatchSemaphore(value: 0)
        private var list: [FeedFetchOutcome] = []

        func add(_ outcome: FeedFetchOutcome) {
            lock.withLock { list.append(outcome) }
            arrived.signal()
        }

        /// The outcomes after the first arrived (or `seconds` passed), and a moment for a second.
        func collected(seconds: Double) -> [FeedFetchOutcome] {
            _ = arrived.wait(timeout: .now() + seconds)
            _ = arrived.wait(timeout: .now() + 0.2)
            return lock.withLock { list }
        }
    }

    static func fetch(_ harness: ServiceHarness, _ address: String) throws -> (outcomes: [FeedFetchOutcome], task: any FeedFetchTask) {
        let fetcher = try harness.make(FeedFetching.self)
        let outcomes = Outcomes()
        let task = fetcher.fetch(FeedRequest(address: address, timeoutSeconds: wait)) { outcomes.add($0) }
        return (outcomes.collected(seconds: wait), task)
    }

    /// A file with ``feed`` in a new temporary folder; its `file://` address.
    static func feedFile() throws -> (address: String, folder: TemporaryDataFolder) {
        let folder = try TemporaryDataFolder()
        let path = folder.path + "/feed.xml"
        guard FileManager.default.createFile(atPath: path, contents: Data(feed)) else {
            throw NotApplicable("the kit could not write \(path)")
        }
        return ("file://" + path, folder)
    }

    static func answersAFile(_ harness: ServiceHarness) throws {
        let (address, folder) = try feedFile()
        let (outcomes, _) = try fetch(harness, address)
        withExtendedLifetime(folder) {}
        try CheckFailure.unless(outcomes == [.answered(FeedResponse(status: 200, body: feed))],
            expected: "fetching \(address) to answer 200 with the file's \(feed.count) bytes, once",
            happened: "it completed with \(outcomes.map(describe))")
    }

    static func failsAMissingFile(_ harness: ServiceHarness) throws {
        let address = "file:///nonexistent-viper-kit/feed.xml"
        let (outcomes, _) = try fetch(harness, address)
        guard outcomes.count == 1, case .failed(let reason) = outcomes[0] else {
            throw CheckFailure(expected: "fetching the missing \(address) to fail once with a reason",
                               happened: "it completed with \(outcomes.map(describe))")
        }
        try CheckFailure.unless(!reason.isEmpty, expected: "the failure to say what went wrong", happened: "its reason is empty")
    }

    static func completesOnce(_ harness: ServiceHarness) throws {
        let (address, folder) = try feedFile()
        let (outcomes, task) = try fetch(harness, address)
        task.cancel()
        withExtendedLifetime(folder) {}
        try CheckFailure.unless(outcomes.count == 1,
            expected: "the completion to be called exactly once", happened: "it was called \(outcomes.count) times")
    }

    static func describe(_ outcome: FeedFetchOutcome) -> String {
        switch outcome {
        case .answered(let response): return "status \(response.status), \(response.body.count) bytes"
        case .failed(let reason): return "failure '\(reason)'"
        @unknown default: return "an outcome the kit does not know"
        }
    }
}
