import Foundation
@testable import ArticlesPlugin

/// Records the URLs it is asked for and answers with fixed bytes, a failure, or
/// nothing yet (`holdsAnswer`) until the test calls ``release()``.
final class SpyArticleFetcher: ArticleFetching {
    private(set) var requested: [URL] = []
    var answer = Data("[]".utf8)
    var failure: (any Error)?
    /// Fetches stay unanswered until ``release()``.
    var holdsAnswer = false
    private(set) var fetches: [StubFetch] = []

    /// The validators each fetch was started with.
    private(set) var validatorsSent: [FeedValidators] = []
    /// What the server "says" identifies its answer.
    var validatorsAnswered = FeedValidators.none

    func start(_ url: URL, validators: FeedValidators) -> any ArticleFetch {
        requested.append(url)
        validatorsSent.append(validators)
        let fetch = StubFetch(answer: failure.map { .failure($0) } ?? .success(answer), held: holdsAnswer)
        fetch.validators = validatorsAnswered
        fetches.append(fetch)
        return fetch
    }

    /// Lets every held fetch answer.
    func release() {
        fetches.forEach { $0.held = false }
    }
}

/// A fetch with a canned answer; records how long it was waited for.
final class StubFetch: ArticleFetch {
    let answer: Result<Data, any Error>
    var held: Bool
    private(set) var waits: [Double] = []
    private(set) var cancelled = false
    var validators = FeedValidators.none

    init(answer: Result<Data, any Error>, held: Bool) {
        self.answer = answer
        self.held = held
    }

    func wait(seconds: Double) throws -> Data? {
        waits.append(seconds)
        if cancelled { throw ArticleFetchCancelled(url: "stub") }
        return held ? nil : try answer.get()
    }

    func cancel() {
        cancelled = true
    }
}
