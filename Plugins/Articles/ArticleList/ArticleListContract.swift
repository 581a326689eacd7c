import Contracts

/// Presenter → View: what to draw.
protocol ArticleListViewing: AnyObject {
    func didUpdate(_ model: ArticleListViewModel)
    /// Shows `line` at once, while a refresh still runs (e.g. "fetched Swift.org (3 of 9)").
    func didReportProgress(_ line: String)
}

/// View → Presenter: what the user did. Numbers are those of the screen on view: a feed's on
/// the feeds screen, an article's on a list.
protocol ArticleListEventHandling: AnyObject {
    func didAppear()
    /// `refresh`: fetches what is on screen again, whatever its age; throws when a feed failed.
    func didAskToRefresh() throws
    func didChooseSource(_ text: String)
    /// `show N` / `read N`: on the feeds screen opens feed N's articles, on a list reads article N.
    func didSelect(item: Int) throws
    /// `next`: reads the first unread article after the one read last (newsboat's `n`).
    func didAskForNext() throws
    func didAskToBrowse(item: Int) throws
    func didAskToCancel() throws
    func willDraw()
    func didAskToSubscribe(_ address: String) throws
    func didAskToUnsubscribe(number: Int) throws
    /// `all`: every subscribed feed's articles in one list.
    func didAskForAllFeeds() throws
    /// `feeds`: the feeds screen, with unread counts.
    func didAskForSubscriptions() throws
    func didAskForUnread()
    /// `markread [N|all]`.
    func didAskToMarkRead(_ argument: String) throws
    /// `markunread N`: article N counts as not read again.
    func didAskToMarkUnread(item: Int) throws
    /// `find WORDS`: each word (a quoted phrase is one) must be in the title, author or text.
    func didAskToFind(_ words: [String]) throws
    func didAskToSort(_ order: String) throws
    func didAskToSetMaxAge(_ text: String) throws
    func didAskToImport(_ path: String) throws
    func didAskToExport(_ path: String) throws
    /// How many rows are numbered on screen, for the view's `N` checks.
    var numberedCount: Int { get }
}

/// What a list shows: which feeds, and which of their items.
enum ArticleScope: Equatable {
    /// Every subscribed feed.
    case allFeeds
    /// One subscribed feed, by address.
    case feed(String)
    /// `?source=URL` or `source URL`, not subscribed.
    case source(String)
    /// The sample compiled into the plugin.
    case sample
}

/// A list's filter: only unread items, only items holding every word.
struct ArticleFilter: Equatable {
    var unreadOnly = false
    var words: [String] = []
}

/// An item as listed, with whether it was read.
struct ListedItem: Equatable {
    var item: FeedItem
    var isRead: Bool
}

/// A subscribed feed on the feeds screen.
struct FeedSummary: Equatable {
    var address: String
    var title: String
    var unread: Int
    var total: Int
    /// When its kept copy was fetched; nil when it never was.
    var fetched: Double?
}

/// Presenter → Interactor: the use cases.
protocol ArticleListInteracting: AnyObject {
    /// Loads `source` (a URL, or "" for the sample) the Articles app's way: waits a few seconds,
    /// then lets the shell go on (``doCollectFinishedLoad()``).
    func doLoadArticles(from source: String)
    func doCollectFinishedLoad()
    func doCancelLoad()
    /// Whether there are subscriptions (then the list opens on the feeds screen).
    func doHasSubscriptions() throws -> Bool
    /// Fetches the subscribed feeds whose kept copy is older than the maximum age (all of them
    /// with `force`), at most four at a time, reporting each; Ctrl-C stops it. Returns a line per
    /// feed that failed, so `refresh` can fail, and the line of a stop.
    @discardableResult
    func doRefreshFeeds(only address: String?, force: Bool) throws -> RefreshOutcome
    /// The feeds screen's rows, in subscription order.
    func doSummarizeFeeds() throws -> [FeedSummary]
    /// The items of `scope` that pass `filter`, in the order of `sort`.
    func doList(_ scope: ArticleScope, filter: ArticleFilter) throws -> [ListedItem]
    /// When the copy behind `scope` was fetched (the oldest of several).
    func doFetched(_ scope: ArticleScope) -> Double?
    func doSubscribe(_ address: String) throws
    func doUnsubscribe(number: Int) throws
    /// The subscriptions' addresses, in order.
    func doSubscriptions() throws -> [String]
    func doMarkRead(_ items: [FeedItem])
    func doMarkUnread(_ items: [FeedItem]) throws
    func doMarkAllRead(in scope: ArticleScope) throws -> Int
    func doSetSort(_ text: String) throws -> ArticleOrder
    var sortOrder: ArticleOrder { get }
    func doSetMaxAge(_ text: String) throws -> Int
    var maxAgeMinutes: Int { get }
    /// Adds the feeds of an OPML file; returns how many were new and how many were there already.
    func doImport(_ path: String) throws -> (added: Int, known: Int)
    /// Writes the subscriptions as OPML to `path` (never over a file); returns how many.
    func doExport(_ path: String) throws -> Int
}

/// Interactor → Presenter: the results of the asynchronous paths.
protocol ArticleListInteractorOutput: AnyObject {
    /// A single source's items came: `fetched` is when (seconds since 1970), nil for the sample.
    func handleArticlesLoaded(_ items: [FeedItem], from source: String, fetched: Double?)
    func handleLoadFailed(_ message: String, source: String, lastGood: CachedFeed?)
    func handleLoadCancelled(source: String, lastGood: CachedFeed?)
    func handleStillLoading(source: String)
    /// A refresh of several feeds goes on: `feed` (its title) answered, failed or was unchanged.
    func handleRefreshProgress(_ event: RefreshEvent)
    /// `subscribe` is fetching `address` to check that it is a feed.
    func handleChecking(_ address: String)
}

/// How a refresh of several feeds ended: a line per feed that failed, and one when Ctrl-C
/// stopped it.
struct RefreshOutcome: Equatable {
    var failures: [String] = []
    var stopped: String?

    /// Every line, for under the list.
    var lines: [String] { failures + (stopped.map { [$0] } ?? []) }
}

/// One feed's end in a refresh, for its progress line.
struct RefreshEvent: Equatable {
    enum Outcome: Equatable { case fetched(Int), unchanged, failed(String) }
    var feed: String
    var outcome: Outcome
    var done: Int
    var total: Int
}

/// Presenter → Router.
protocol ArticleListRouting: AnyObject {
    /// Pushes the detail for `article`; a detail that can step (``ArticleStepping``) gets `next`.
    func showDetails(for article: Article, next: @escaping (_ forward: Bool) -> Article?) throws
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

    var fields: [Field] = []
    var state = State.loading("Loading articles…")
    /// A failed or stopped refresh, drawn above the list it left in place.
    var error: String?
    var notice: String?
    /// One line per feed that failed in the last refresh.
    var problems: [String] = []
    /// Set when the lists are asked for as data (`viper --json`): the one JSON document drawn
    /// in place of the rest (``ArticleListJSON``).
    var json: String?
}
