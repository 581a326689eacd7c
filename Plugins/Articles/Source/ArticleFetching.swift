import Foundation

/// Gets the raw bytes of a feed. The list's Interactor depends on this, not on
/// URLSession, so tests can hand it bytes, and the sample needs no network.
protocol ArticleFetching: AnyObject {
    /// Starts fetching `url`; the answer is collected from the returned fetch. With
    /// `validators`, the request is conditional, and an unchanged feed makes the wait throw
    /// ``ArticleFeedNotModified``.
    func start(_ url: URL, validators: FeedValidators) -> any ArticleFetch
}

extension ArticleFetching {
    /// An unconditional fetch.
    func start(_ url: URL) -> any ArticleFetch {
        start(url, validators: .none)
    }
}

/// One fetch under way. The shell is never blocked by it for longer than a wait.
protocol ArticleFetch: AnyObject {
    /// Waits at most `seconds` (0: just looks) for the answer: the body, nil while
    /// there is none yet, or a thrown ``ArticleSourceError``. Ctrl-C during the wait
    /// cancels the fetch and throws ``ArticleFetchCancelled``.
    func wait(seconds: Double) throws -> Data?
    /// Stops the fetch; a later wait throws ``ArticleFetchCancelled``.
    func cancel()
    /// The validators of the answer (after a wait returned it); none for a file or a server that sent none.
    var validators: FeedValidators { get }
}
