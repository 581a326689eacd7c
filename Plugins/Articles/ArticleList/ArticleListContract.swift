import Contracts

/// Presenter → View: what to draw.
protocol ArticleListViewing: AnyObject {
    func didUpdate(_ model: ArticleListViewModel)
    /// Shows `line` at once, while a refresh still runs (e.g. "fetched 3 of 9 feeds…").
    func didReportProgress(_ line: String)
}

/// View → Presenter: what the user did.
protocol ArticleListEventHandling: AnyObject {
    func didAppear()
    func didAskToRefresh()
    func didChooseSource(_ text: String)
    func didSelect(item: Int) throws
    /// Opens article `item`'s page in the browser (`browse N`), else says its address.
    func didAskToBrowse(item: Int) throws
    /// Stops the fetch under way; throws a ``CommandError`` when there is none.
    func didAskToCancel() throws
    /// The view is about to draw: an answer that came in since is shown now.
    func willDraw()
    func didAskToSubscribe(_ address: String) throws
    func didAskToUnsubscribe(number: Int) throws
    /// Every subscribed feed's articles in one list, newest first (`all`).
    func didAskForAllFeeds() throws
    /// The subscribed feeds, numbered for `unsubscribe N` (`feeds`).
    func didAskForSubscriptions() throws
    /// Only the articles not read yet (`unread`).
    func didAskForUnread()
}

/// Presenter → Interactor: the use cases.
protocol ArticleListInteracting: AnyObject {
    /// Loads `source`; with no source, every subscribed feed (``doLoadAllFeeds()``), or the
    /// built-in sample when there are none.
    func doLoadArticles(from source: String)
    /// Hands on the answer of a fetch still under way, if it has come.
    func doCollectFinishedLoad()
    /// Stops the fetch under way.
    func doCancelLoad()
    /// Adds `address` to the subscriptions; throws an ``ArticleSourceError`` or ``CommandError`` saying what to do.
    func doSubscribe(_ address: String) throws
    /// Removes subscription `number` (1 is the first); throws when there is none.
    func doUnsubscribe(number: Int) throws
    /// The articles of `articles` not read yet (the rule of what counts as read is here).
    func doFindUnread(in articles: [Article]) -> [Article]
    /// Remembers that `article` was read; a failure to remember is logged, never shown.
    func doMarkRead(_ article: Article)
    /// Hands the subscriptions to ``ArticleListInteractorOutput/handleSubscriptions(_:notice:)``.
    func doListSubscriptions() throws
    /// Fetches every subscribed feed at once and hands on one list, newest first, with a line
    /// per feed that failed (its kept copy is used); throws when there are no subscriptions.
    func doLoadAllFeeds() throws
}

/// Interactor → Presenter: the results (the Articles app's ArticlesInteractorOutput).
protocol ArticleListInteractorOutput: AnyObject {
    /// `fetched` is when (seconds since 1970), nil for the built-in sample.
    func handleArticlesLoaded(_ articles: [Article], from source: String, fetched: Double?)
    /// `lastGood` is the kept feed of that source, if any.
    func handleLoadFailed(_ message: String, source: String, lastGood: CachedFeed?)
    /// The user stopped the fetch (Ctrl-C or `cancel`).
    func handleLoadCancelled(source: String, lastGood: CachedFeed?)
    /// The fetch goes on after the shell got its prompt back.
    func handleStillLoading(source: String)
    /// The subscriptions changed (or were asked for): the addresses, in order.
    func handleSubscriptions(_ addresses: [String], notice: String)
    /// One line per subscribed feed that failed in the last `feeds`.
    func handleFeedProblems(_ problems: [String])
    /// A refresh of every feed has `fetched` of its `total` feeds answered or failed; it goes on.
    func handleRefreshProgress(fetched: Int, of total: Int)
}

/// Presenter → Router.
protocol ArticleListRouting: AnyObject {
    func showDetails(for article: Article) throws
    /// Opens `address` in the user's browser; false when there is none to open it with.
    func openPage(_ address: String) throws -> Bool
}

/// What the view draws: display strings only.
struct ArticleListViewModel: Equatable {
    enum State: Equatable {
        case loading(String)
        case empty(String)
        case failed(String)
        case list([String])
    }

    var source = ""
    var state = State.loading("Loading articles…")
    /// A failed or stopped refresh, drawn above the list it left in place.
    var error: String?
    /// e.g. "fetched 2026-12-01 09:00 (UTC)".
    var fetched: String?
    var notice: String?
    /// The subscribed feeds, numbered for `unsubscribe N`; empty when not shown.
    var subscriptions: [String] = []
    /// One line per feed that failed in the last `feeds`.
    var problems: [String] = []
}
