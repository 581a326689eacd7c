import Contracts
import Foundation

/// Drives the list through loading, empty, failed and loaded states, keeps a list
/// that loaded on screen when a refresh fails (with the error above it and when it
/// was fetched), and hands the chosen article on to the detail module untouched:
/// the view gets strings only.
final class ArticleListPresenter: ArticleListing, ArticleListEventHandling, ArticleListInteractorOutput {
    weak var view: (any ArticleListViewing)?
    private let interactor: any ArticleListInteracting
    private let router: any ArticleListRouting
    private let timeZone: TimeZone
    private let timeZoneName: String
    private var source = ""
    private var articles: [Article] = []
    /// The source of the articles on screen, as the Interactor names it and as it was given.
    private var shownSource: String?
    private var shownInput: String?
    private var hasLoaded = false
    /// Whether a fetch is under way.
    private var isLoading = false
    private var model = ArticleListViewModel()
    /// What was on screen before the current fetch, for a fetch that is stopped.
    private var beforeLoad: (model: ArticleListViewModel, articles: [Article], shownSource: String?)?

    init(interactor: any ArticleListInteracting, router: any ArticleListRouting, timeZoneIdentifier: String = "UTC") {
        self.interactor = interactor
        self.router = router
        timeZone = TimeZone(identifier: timeZoneIdentifier) ?? TimeZone(secondsFromGMT: 0) ?? .current
        timeZoneName = timeZoneIdentifier
    }

    // MARK: ArticleListing

    func useSource(_ url: String) {
        source = url
        if hasLoaded { load() }
    }

    // MARK: ArticleListEventHandling

    func didAppear() {
        // Coming back from an article keeps the list as it was; 'refresh' fetches again.
        if !hasLoaded { load() }
    }

    func didAskToRefresh() {
        load()
    }

    func didChooseSource(_ text: String) {
        source = text
        load()
    }

    func didSelect(item: Int) throws {
        guard articles.indices.contains(item - 1) else {
            throw CommandError(articles.isEmpty ? "there are no articles to show; 'refresh' or try another 'source URL'"
                                                : "no article \(item); choose 1 to \(articles.count)")
        }
        try router.showDetails(for: articles[item - 1])
        interactor.doMarkRead(articles[item - 1])
    }

    func didAskForUnread() {
        let unread = interactor.doFindUnread(in: articles)
        let total = articles.count
        articles = unread
        model.state = unread.isEmpty ? .empty("Everything here is read. 'refresh' shows every article again.") : .list(unread.map(Self.row))
        model.notice = "\(unread.count) unread of \(total). 'show N' reads one; 'refresh' lists every article again."
        view?.didUpdate(model)
    }

    func didAskToBrowse(item: Int) throws {
        guard articles.indices.contains(item - 1) else {
            throw CommandError(articles.isEmpty ? "there are no articles to browse; 'refresh' or try another 'source URL'"
                                                : "no article \(item); choose 1 to \(articles.count)")
        }
        let website = articles[item - 1].website
        guard website.hasPrefix("http://") || website.hasPrefix("https://") else {
            throw CommandError(website.isEmpty ? "article \(item) has no web address" : "'\(website)' is not a web address a browser can open")
        }
        let opened = try router.openPage(website)
        model.notice = opened ? "Opened \(website)." : "No browser is set (set BROWSER, or install xdg-open); the address is \(website)"
        view?.didUpdate(model)
    }

    func didAskToSubscribe(_ address: String) throws {
        try interactor.doSubscribe(address)
    }

    func didAskToUnsubscribe(number: Int) throws {
        try interactor.doUnsubscribe(number: number)
    }

    func didAskForAllFeeds() throws {
        source = ""
        load()
    }

    func didAskForSubscriptions() throws {
        try interactor.doListSubscriptions()
    }

    func didAskToCancel() throws {
        guard isLoading else { throw CommandError("nothing is being fetched; 'refresh' fetches the list again") }
        interactor.doCancelLoad()
    }

    func willDraw() {
        if isLoading { interactor.doCollectFinishedLoad() }
    }

    // MARK: ArticleListInteractorOutput

    func handleSubscriptions(_ addresses: [String], notice: String) {
        model.subscriptions = addresses
        model.notice = notice
        view?.didUpdate(model)
    }

    func handleFeedProblems(_ problems: [String]) {
        model.problems = problems
        view?.didUpdate(model)
    }

    func handleRefreshProgress(fetched: Int, of total: Int) {
        // One feed's answer is the next thing drawn; a line for it would only repeat it.
        guard total > 1 else { return }
        view?.didReportProgress("fetched \(fetched) of \(total) feeds…")
    }

    func handleStillLoading(source: String) {
        model.notice = "Still fetching \(source): type 'cancel' to stop it; the list updates after your next command."
        view?.didUpdate(model)
    }

    func handleArticlesLoaded(_ articles: [Article], from source: String, fetched: Double?) {
        isLoading = false
        show(articles, from: source)
        model.error = nil
        model.fetched = fetched.map { "fetched \(format($0))" }
        view?.didUpdate(model)
    }

    func handleLoadFailed(_ message: String, source: String, lastGood: CachedFeed?) {
        isLoading = false
        if shownSource == source, !articles.isEmpty, let before = beforeLoad {
            // A refresh of the list on screen failed: keep it, say why above it.
            model = before.model
        } else if let lastGood {
            show(lastGood.articles, from: source)
            model.fetched = "fetched \(format(lastGood.fetched)) (kept copy)"
        } else {
            articles = []
            shownSource = nil
            model.source = source
            model.state = .failed(message)
            model.fetched = nil
            model.error = nil
            view?.didUpdate(model)
            return
        }
        model.error = "refresh failed: \(message)"
        model.notice = nil
        view?.didUpdate(model)
    }

    func handleLoadCancelled(source: String, lastGood: CachedFeed?) {
        isLoading = false
        if let before = beforeLoad, before.shownSource != nil {
            model = before.model
            articles = before.articles
            shownSource = before.shownSource
            self.source = shownInput ?? self.source
        } else if let lastGood {
            show(lastGood.articles, from: source)
            model.fetched = "fetched \(format(lastGood.fetched)) (kept copy)"
            model.error = nil
        } else {
            model.source = source
            model.state = .empty("Nothing loaded yet. Type 'refresh' to try again, or 'source URL' for another feed.")
        }
        model.notice = "Stopped fetching \(source); the list is as it was."
        view?.didUpdate(model)
    }

    // MARK: Private

    private func load() {
        model.problems = []
        model.subscriptions = []
        hasLoaded = true
        isLoading = true
        beforeLoad = (model, articles, shownSource)
        model.notice = nil
        if shownSource == nil { model.state = .loading("Loading articles…") }
        view?.didUpdate(model)
        interactor.doLoadArticles(from: source)
    }

    private func show(_ articles: [Article], from source: String) {
        self.articles = articles
        shownSource = source
        shownInput = self.source
        model.source = source
        model.notice = nil
        model.state = articles.isEmpty
            ? .empty("\(source) has no articles. Try 'source URL' for another feed.")
            : .list(articles.map(Self.row))
    }

    /// `2026-12-01 09:00 (UTC)`, in the clock's time zone.
    private func format(_ seconds: Double) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return "\(formatter.string(from: Date(timeIntervalSince1970: seconds))) (\(timeZoneName))"
    }

    private static func row(_ article: Article) -> String {
        let byline = [article.authors, article.date].filter { !$0.isEmpty }.joined(separator: ", ")
        return byline.isEmpty ? article.title : "\(article.title) — \(byline)"
    }
}
