import Foundation

/// Gets the raw bytes of feeds. The list's Interactor depends on this, not on the
/// ``FeedFetching`` service, so tests can hand it bytes, and the sample needs no network.
protocol ArticleFetching: AnyObject {
    /// Starts fetching `url`; the answer is collected from the returned fetch. With
    /// `validators`, the request is conditional, and an unchanged feed's answer throws
    /// ``ArticleFeedNotModified``.
    func start(_ url: URL, validators: FeedValidators) -> any ArticleFetch
    /// Sleeps until a fetch started here is answered, Ctrl-C (inside ``Interruption/catching(_:)``),
    /// or `seconds` pass; never polls. `.timedOut` means the time is up.
    func waitForAnswer(seconds: Double) -> AnswerSignal.Wake
}

extension ArticleFetching {
    /// An unconditional fetch.
    func start(_ url: URL) -> any ArticleFetch {
        start(url, validators: .none)
    }

    /// Waits at most `seconds` for `fetch`'s answer: the body, or nil when there is none yet.
    /// Ctrl-C cancels it and throws ``ArticleFetchCancelled``.
    func wait(for fetch: any ArticleFetch, seconds: Double) throws -> Data? {
        let deadline = ProcessInfo.processInfo.systemUptime + seconds
        return try Interruption.catching {
            while true {
                if let answer = try fetch.answer() { return answer }
                // Another fetch's answer wakes the wait too: it sleeps again for what is left.
                let left = deadline - ProcessInfo.processInfo.systemUptime
                guard left > 0 else { return nil }
                switch waitForAnswer(seconds: left) {
                case .answered: continue
                case .timedOut: return try fetch.answer()
                case .interrupted:
                    fetch.cancel()
                    return try fetch.answer()
                }
            }
        }
    }
}

/// One fetch under way. The shell is never blocked by it for longer than a wait.
protocol ArticleFetch: AnyObject {
    /// The answer if it has come: the body, nil while there is none yet, or a thrown
    /// ``ArticleSourceError`` (``ArticleFetchCancelled`` once cancelled). Never waits.
    func answer() throws -> Data?
    /// Stops the fetch; ``answer()`` then throws ``ArticleFetchCancelled``.
    func cancel()
    /// The validators of the answer (after it came); none for a file or a server that sent none.
    var validators: FeedValidators { get }
}
