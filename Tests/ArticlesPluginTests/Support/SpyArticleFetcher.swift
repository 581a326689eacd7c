import Foundation
@testable import ArticlesPlugin

/// Answers fetches from a table of bodies by address (or fails them), records what was asked
/// with which validators, and can hold answers back (`holdsAnswers`) until ``release()``. Its
/// waits never sleep: they say `.answered` while an answer is ready, else what `onWait` says
/// (`.timedOut` unless a test makes it `.interrupted`, Ctrl-C).
final class SpyArticleFetcher: ArticleFetching {
    private(set) var requested: [URL] = []
    private(set) var validatorsSent: [FeedValidators] = []
    /// Bodies by address; an address without one answers `defaultAnswer`.
    var answers: [String: Data] = [:]
    var defaultAnswer = Data("[]".utf8)
    /// Failures by address.
    var failures: [String: any Error] = [:]
    var holdsAnswers = false
    var validatorsAnswered = FeedValidators.none
    var onWait: AnswerSignal.Wake = .timedOut
    private(set) var waits: [Double] = []
    private(set) var fetches: [StubFetch] = []

    func start(_ url: URL, validators: FeedValidators) -> any ArticleFetch {
        requested.append(url)
        validatorsSent.append(validators)
        let address = url.absoluteString
        let answer: Result<Data, any Error> = failures[address].map { .failure($0) } ?? .success(answers[address] ?? defaultAnswer)
        let fetch = StubFetch(answer: answer, held: holdsAnswers)
        fetch.validators = validatorsAnswered
        fetches.append(fetch)
        return fetch
    }

    func waitForAnswer(seconds: Double) -> AnswerSignal.Wake {
        waits.append(seconds)
        return fetches.contains { !$0.held && !$0.cancelled } ? .answered : onWait
    }

    /// Lets every held fetch answer.
    func release() {
        fetches.forEach { $0.held = false }
    }

    var requestedAddresses: [String] { requested.map(\.absoluteString) }
}

/// A fetch with a canned answer.
final class StubFetch: ArticleFetch {
    let canned: Result<Data, any Error>
    var held: Bool
    private(set) var cancelled = false
    var validators = FeedValidators.none

    init(answer: Result<Data, any Error>, held: Bool) {
        canned = answer
        self.held = held
    }

    func answer() throws -> Data? {
        if cancelled { throw ArticleFetchCancelled(url: "stub") }
        return held ? nil : try canned.get()
    }

    func cancel() {
        cancelled = true
    }
}
