import Contracts
import Foundation

/// Turns the list's data into display strings, and keeps what is on screen: the feeds screen
/// (newsboat's main screen: each feed with its unread count) or a list of articles (every feed,
/// one feed, or a single source) with its filter. A list that loaded stays on screen when a
/// refresh fails, with the error above it; the chosen article goes to the detail module with its
/// date in local time and its links and enclosures under its text.
final class ArticleListPresenter: ArticleListing, ArticleListEventHandling, ArticleListInteractorOutput {
    /// What is on screen.
    enum Showing: Equatable {
        case feeds
        case articles(ArticleScope)
    }

    weak var view: (any ArticleListViewing)?
    private let interactor: any ArticleListInteracting
    private let router: any ArticleListRouting
    private let dates: LocalDates
    private var source = ""
    private var showing = Showing.articles(.sample)
    private var filter = ArticleFilter()
    private var rows: [ListedItem] = []
    /// Where in ``rows`` the article read last is, for `next`.
    private var readingPosition: Int?
    private var feeds: [FeedSummary] = []
    private var hasLoaded = false
    /// Whether a single source's fetch is under way.
    private var isLoading = false
    private var model = ArticleListViewModel()
    /// What was on screen before the current fetch, for a fetch that is stopped.
    private var beforeLoad: (model: ArticleListViewModel, rows: [ListedItem], showing: Showing)?
    /// Whether the lists are drawn as data (`viper --json`).
    private let json: Bool

    init(interactor: any ArticleListInteracting, router: any ArticleListRouting, timeZoneIdentifier: String = "UTC", json: Bool = false) {
        self.interactor = interactor
        self.router = router
        dates = LocalDates(timeZoneIdentifier: timeZoneIdentifier)
        self.json = json
    }

    // MARK: ArticleListing

    func useSource(_ url: String) {
        source = url
        if hasLoaded { openSource() }
    }

    // MARK: ArticleListEventHandling

    var numberedCount: Int { showing == .feeds ? feeds.count : rows.count }

    func didAppear() {
        // Coming back from an article keeps the list as it was (with its read marks brought up to date).
        if hasLoaded {
            redisplay()
        } else {
            openSource()
        }
    }

    func didAskToRefresh() throws {
        switch showing {
        case .feeds, .articles(.allFeeds):
            try refreshFeeds(only: nil, force: true)
        case .articles(.feed(let address)):
            try refreshFeeds(only: address, force: true)
        case .articles(.source), .articles(.sample):
            load()
        }
    }

    func didChooseSource(_ text: String) {
        source = text
        openSource()
    }

    func didSelect(item: Int) throws {
        if showing == .feeds {
            guard feeds.indices.contains(item - 1) else { throw noFeed(item) }
            filter = ArticleFilter()
            showArticles(.feed(feeds[item - 1].address), notice: nil)
            return
        }
        guard rows.indices.contains(item - 1) else { throw noArticle(item, doing: "show") }
        try read(at: item - 1)
    }

    func didAskForNext() throws {
        guard showing != .feeds else { throw CommandError("the feeds screen lists feeds; 'read N' opens feed N, then 'next' reads its first unread article") }
        let start = readingPosition.map { $0 + 1 } ?? 0
        guard let position = rows.indices.first(where: { $0 >= start && !rows[$0].isRead })
            ?? rows.indices.first(where: { !rows[$0].isRead }) else {
            throw CommandError("every article here is read; 'feeds' shows which feeds have unread ones")
        }
        try read(at: position)
    }

    /// Opens the article at `position` of the list, marked read, with `next` stepping on from it.
    private func read(at position: Int) throws {
        let chosen = rows[position]
        try router.showDetails(for: article(chosen.item)) { [weak self] forward in self?.readUnread(forward: forward) }
        markRead(at: position)
    }

    /// The first unread article after the one read last (before it, not `forward`), marked read;
    /// nil when none is left that way.
    private func readUnread(forward: Bool) -> Article? {
        let here = readingPosition ?? -1
        let position = forward
            ? rows.indices.first { $0 > here && !rows[$0].isRead }
            : rows.indices.last { $0 < here && !rows[$0].isRead }
        guard let position else { return nil }
        markRead(at: position)
        return article(rows[position].item)
    }

    private func markRead(at position: Int) {
        interactor.doMarkRead([rows[position].item])
        rows[position].isRead = true
        readingPosition = position
        if case .articles(let scope) = showing {
            model.state = .list(rows.map { row($0, in: scope) })
            update()
        }
    }

    func didAskToBrowse(item: Int) throws {
        guard showing != .feeds else { throw CommandError("the feeds screen lists feeds; 'read N' opens feed N, then 'browse N' opens an article's page") }
        guard rows.indices.contains(item - 1) else { throw noArticle(item, doing: "browse") }
        let chosen = rows[item - 1].item
        let website = chosen.link
        guard website.hasPrefix("http://") || website.hasPrefix("https://") else {
            throw CommandError(website.isEmpty ? "article \(item) has no web address" : "'\(website)' is not a web address a browser can open")
        }
        let opened = try router.openPage(website)
        interactor.doMarkRead([chosen])
        rows[item - 1].isRead = true
        if case .articles(let scope) = showing { model.state = .list(rows.map { row($0, in: scope) }) }
        model.notice = opened ? "Opened \(website)." : "No browser is set (set BROWSER, or install xdg-open); the address is \(website)"
        update()
    }

    func didAskToSubscribe(_ address: String) throws {
        try interactor.doSubscribe(address)
        showFeeds(notice: nil)
        if let added = feeds.last {
            model.notice = "Subscribed to \(added.title) (\(Self.count(added.total, "article"))). 'read \(feeds.count)' reads it."
            update()
        }
    }

    func didAskToUnsubscribe(number: Int) throws {
        let addresses = try interactor.doSubscriptions()
        let removed = addresses.indices.contains(number - 1) ? feeds.first { $0.address == addresses[number - 1] }?.title ?? addresses[number - 1] : ""
        try interactor.doUnsubscribe(number: number)
        showFeeds(notice: "Unsubscribed from \(removed).")
    }

    func didAskForAllFeeds() throws {
        guard try interactor.doHasSubscriptions() else { throw CommandError("there are no subscriptions; 'subscribe URL' adds a feed") }
        source = ""
        filter = ArticleFilter()
        let outcome = try interactor.doRefreshFeeds(only: nil, force: false)
        showArticles(.allFeeds, notice: nil)
        showProblems(outcome.lines)
    }

    func didAskForSubscriptions() throws {
        source = ""
        showFeeds(notice: try interactor.doHasSubscriptions() ? nil : "No subscriptions yet: 'subscribe URL' adds a feed, 'import FILE.opml' adds many.")
    }

    func didAskForUnread() {
        filter.unreadOnly = true
        if showing == .feeds { showing = .articles(.allFeeds) }
        redisplay()
    }

    func didAskToMarkRead(_ argument: String) throws {
        let word = argument.trimmed.lowercased()
        if word == "all" {
            let count = try interactor.doMarkAllRead(in: .allFeeds)
            redisplay(notice: "Marked \(Self.count(count, "article")) read in every feed.")
            return
        }
        if let number = Int(word) {
            if showing == .feeds {
                guard feeds.indices.contains(number - 1) else { throw noFeed(number) }
                let count = try interactor.doMarkAllRead(in: .feed(feeds[number - 1].address))
                redisplay(notice: "Marked \(Self.count(count, "article")) of \(feeds[number - 1].title) read.")
            } else {
                guard rows.indices.contains(number - 1) else { throw noArticle(number, doing: "markread") }
                interactor.doMarkRead([rows[number - 1].item])
                redisplay(notice: "Marked '\(rows[number - 1].item.title)' read.")
            }
            return
        }
        guard word.isEmpty else { throw CommandError("'\(argument)' is not a number; 'markread N', 'markread' (this list) or 'markread all'") }
        switch showing {
        case .feeds: throw CommandError("on the feeds screen say which: 'markread N' for feed N, or 'markread all'")
        case .articles(let scope):
            let count = try interactor.doMarkAllRead(in: scope)
            redisplay(notice: "Marked \(Self.count(count, "article")) read.")
        }
    }

    func didAskToMarkUnread(item: Int) throws {
        guard showing != .feeds else { throw CommandError("the feeds screen lists feeds; 'read N' opens feed N, then 'markunread N' marks an article") }
        guard rows.indices.contains(item - 1) else { throw noArticle(item, doing: "mark unread") }
        try interactor.doMarkUnread([rows[item - 1].item])
        redisplay(notice: "Marked '\(rows[item - 1].item.title)' unread.")
    }

    func didAskToFind(_ words: [String]) throws {
        let list = words.filter { !$0.trimmed.isEmpty }
        filter.words = list
        if showing == .feeds { showing = .articles(.allFeeds) }
        redisplay()
        if !list.isEmpty, rows.isEmpty {
            model.state = .empty("No article holds \(list.map { "'\($0)'" }.joined(separator: " and ")). 'find' alone shows them all again.")
            update()
        }
    }

    func didAskToSort(_ order: String) throws {
        let chosen = try interactor.doSetSort(order)
        if showing == .feeds { showing = .articles(.allFeeds) }
        redisplay(notice: "Sorted by \(Self.describe(chosen)).")
    }

    func didAskToSetMaxAge(_ text: String) throws {
        guard !text.trimmed.isEmpty else {
            model.notice = "Opening the list fetches feeds whose copy is older than \(Self.minutes(interactor.maxAgeMinutes)); 'maxage 2h' changes it, 'refresh' fetches now."
            update()
            return
        }
        let minutes = try interactor.doSetMaxAge(text)
        redisplay(notice: minutes == 0 ? "Every feed is fetched each time the list opens."
                  : "Opening the list fetches feeds whose copy is older than \(Self.minutes(minutes)); 'refresh' fetches now.")
    }

    func didAskToImport(_ path: String) throws {
        let (added, known) = try interactor.doImport(path)
        showFeeds(notice: "Imported \(Self.count(added, "feed"))" + (known > 0 ? " (\(known) already subscribed)" : "")
                  + ". 'refresh' fetches them.")
    }

    func didAskToExport(_ path: String) throws {
        let count = try interactor.doExport(path)
        model.notice = "Wrote \(Self.count(count, "feed")) to \(path) (OPML)."
        update()
    }

    func didAskToCancel() throws {
        guard isLoading else { throw CommandError("nothing is being fetched; 'refresh' fetches the list again") }
        interactor.doCancelLoad()
    }

    func willDraw() {
        if isLoading { interactor.doCollectFinishedLoad() }
    }

    // MARK: ArticleListInteractorOutput

    func handleRefreshProgress(_ event: RefreshEvent) {
        let line: String = switch event.outcome {
        case .fetched(let count): "fetched \(event.feed): \(Self.count(count, "article")) (\(event.done) of \(event.total))"
        case .unchanged: "\(event.feed) has not changed (\(event.done) of \(event.total))"
        case .failed(let reason): "failed \(event.feed): \(reason) (\(event.done) of \(event.total))"
        }
        view?.didReportProgress(line)
    }

    func handleChecking(_ address: String) {
        view?.didReportProgress("fetching \(address) to check that it is a feed… (Ctrl-C stops)")
    }

    func handleStillLoading(source: String) {
        model.notice = "Still fetching \(source): type 'cancel' to stop it; the list updates after your next command."
        update()
    }

    func handleArticlesLoaded(_ items: [FeedItem], from source: String, fetched: Double?) {
        isLoading = false
        model.error = nil
        showArticles(source == ArticleSource.offline.label ? .sample : .source(source), notice: nil)
    }

    func handleLoadFailed(_ message: String, source: String, lastGood: CachedFeed?) {
        isLoading = false
        if let before = beforeLoad, before.showing == .articles(.source(source)), !before.rows.isEmpty {
            // A refresh of the list on screen failed: keep it, say why above it.
            model = before.model
            rows = before.rows
            showing = before.showing
        } else if lastGood != nil {
            showArticles(.source(source), notice: nil)
            model.fields = model.fields.map { $0.label == "Updated" ? Field("Updated", $0.value + " (kept copy)") : $0 }
        } else {
            rows = []
            showing = .articles(.source(source))
            model = ArticleListViewModel(fields: [Field("Source", source)], state: .failed(message))
            update()
            return
        }
        model.error = "refresh failed: \(message)"
        model.notice = nil
        update()
    }

    func handleLoadCancelled(source: String, lastGood: CachedFeed?) {
        isLoading = false
        if let before = beforeLoad, before.showing != .articles(.source(source)) || !before.rows.isEmpty {
            model = before.model
            rows = before.rows
            showing = before.showing
        } else if lastGood != nil {
            showArticles(.source(source), notice: nil)
            model.fields = model.fields.map { $0.label == "Updated" ? Field("Updated", $0.value + " (kept copy)") : $0 }
        } else {
            model.fields = [Field("Source", source)]
            model.state = .empty("Nothing loaded yet. Type 'refresh' to try again, or 'source URL' for another feed.")
        }
        model.notice = "Stopped fetching \(source); the list is as it was."
        update()
    }

    // MARK: Screens

    /// `open articles`: the route's source; else the feeds screen when there are subscriptions
    /// (fetching the feeds older than the maximum age); else the sample.
    private func openSource() {
        hasLoaded = true
        filter = ArticleFilter()
        let hasSubscriptions: Bool
        do {
            hasSubscriptions = try interactor.doHasSubscriptions()
        } catch {
            model = ArticleListViewModel(state: .failed("\(error)"))
            update()
            return
        }
        guard source.trimmed.isEmpty, hasSubscriptions else {
            load()
            return
        }
        do {
            let outcome = try interactor.doRefreshFeeds(only: nil, force: false)
            showFeeds(notice: nil)
            showProblems(outcome.lines)
        } catch {
            model.error = "\(error)"
            update()
        }
    }

    /// Fetches a single source (or the sample) the Articles app's way.
    private func load() {
        model.problems = []
        isLoading = true
        beforeLoad = (model, rows, showing)
        model.notice = nil
        if rows.isEmpty { model.state = .loading("Loading articles…") }
        update()
        interactor.doLoadArticles(from: source)
    }

    private func refreshFeeds(only address: String?, force: Bool) throws {
        let outcome = try interactor.doRefreshFeeds(only: address, force: force)
        redisplay()
        showProblems(outcome.lines)
        // Stopped on purpose (Ctrl-C) is no failure; a feed that failed is.
        guard outcome.failures.isEmpty else {
            let count = outcome.failures.count == 1 ? "a feed" : "\(outcome.failures.count) feeds"
            throw CommandError("refresh: \(count) failed: \(outcome.failures.joined(separator: "; ")); the rest are up to date")
        }
    }

    private func showProblems(_ problems: [String]) {
        model.problems = problems
        update()
    }

    /// Draws what is on screen again from the Interactor (read marks, filter and order may have changed).
    private func redisplay(notice: String? = nil) {
        switch showing {
        case .feeds: showFeeds(notice: notice)
        case .articles(let scope): showArticles(scope, notice: notice)
        }
    }

    private func showFeeds(notice: String?) {
        showing = .feeds
        filter = ArticleFilter()
        let summaries: [FeedSummary]
        do {
            summaries = try interactor.doSummarizeFeeds()
        } catch {
            model = ArticleListViewModel(state: .failed("\(error)"))
            update()
            return
        }
        feeds = summaries
        let unread = summaries.reduce(0) { $0 + $1.unread }
        var fields = [Field("Feeds", "\(summaries.count), \(unread) unread")]
        if let oldest = summaries.compactMap(\.fetched).min() { fields.append(Field("Updated", dates.text(oldest) + (summaries.count > 1 ? " (the oldest copy)" : ""))) }
        fields.append(Field("Max age", Self.minutes(interactor.maxAgeMinutes) + " ('maxage' changes it; 'refresh' fetches now)"))
        model = ArticleListViewModel(fields: fields,
                                     state: summaries.isEmpty ? .empty("No subscriptions yet: 'subscribe URL' adds a feed, 'import FILE.opml' adds many.")
                                                              : .list(summaries.map(Self.feedRow)),
                                     notice: notice, problems: model.problems)
        update()
    }

    private func showArticles(_ scope: ArticleScope, notice: String?) {
        showing = .articles(scope)
        do {
            rows = try interactor.doList(scope, filter: filter)
        } catch {
            rows = []
            model = ArticleListViewModel(state: .failed("\(error)"))
            update()
            return
        }
        var fields: [Field] = []
        switch scope {
        case .allFeeds: fields.append(Field("Feeds", "every subscribed feed (\(((try? interactor.doSubscriptions()) ?? []).count))"))
        case .feed(let address): fields.append(Field("Feed", "\(feeds.first { $0.address == address }?.title ?? address) (\(address))"))
        case .source(let address): fields.append(Field("Source", address))
        case .sample: fields.append(Field("Source", ArticleSource.offline.label))
        }
        if let fetched = interactor.doFetched(scope) { fields.append(Field("Updated", "fetched " + dates.text(fetched))) }
        var shown: [String] = []
        if filter.unreadOnly { shown.append("unread only") }
        if !filter.words.isEmpty { shown.append("holding " + filter.words.map { "'\($0)'" }.joined(separator: " and ")) }
        if !shown.isEmpty { fields.append(Field("Showing", shown.joined(separator: ", ") + " ('refresh' or 'find' alone shows every article)")) }
        if interactor.sortOrder != .date { fields.append(Field("Sorted", "by \(Self.describe(interactor.sortOrder))")) }
        let unread = rows.filter { !$0.isRead }.count
        let state: ArticleListViewModel.State = rows.isEmpty
            ? .empty(filter.unreadOnly ? "Everything here is read. 'refresh' shows every article again." : "No articles here. Try 'refresh', or 'source URL' for another feed.")
            : .list(rows.map { row($0, in: scope) })
        model = ArticleListViewModel(fields: fields, state: state,
                                     notice: notice ?? (filter.unreadOnly ? "\(unread) unread of these. 'show N' reads one." : nil), problems: [])
        update()
    }

    /// Hands the model to the view; asked for data, with what is on screen as JSON (a list of
    /// feeds or of articles, `[]` when it is empty). A list that failed or is still loading has
    /// none, so its error or its loading line is drawn instead.
    private func update() {
        if json {
            switch model.state {
            case .list, .empty:
                model.json = showing == .feeds ? ArticleListJSON.feeds(feeds, dates: dates) : ArticleListJSON.articles(rows, dates: dates)
            case .loading, .failed:
                model.json = nil
            }
        }
        view?.didUpdate(model)
    }

    // MARK: Formatting

    /// An article's row; in a list of every feed, with its site after it.
    private func row(_ listed: ListedItem, in scope: ArticleScope) -> String {
        scope == .allFeeds ? articleRow(listed) + " · " + listed.item.site : articleRow(listed)
    }

    /// `* Title — Author, 2026-12-01 10:00 CET`: `*` marks an article not read yet.
    private func articleRow(_ listed: ListedItem) -> String {
        let item = listed.item
        let date = date(of: item)
        let byline = [item.author, date].filter { !$0.isEmpty }.joined(separator: ", ")
        let title = (listed.isRead ? "  " : "* ") + item.title
        return byline.isEmpty ? title : "\(title) — \(byline)"
    }

    private static func feedRow(_ feed: FeedSummary) -> String {
        guard feed.fetched != nil else { return "  \(feed.title) — not fetched yet ('refresh')" }
        let mark = feed.unread > 0 ? "* " : "  "
        return feed.unread > 0 ? "\(mark)\(feed.title) — \(feed.unread) unread of \(feed.total)" : "\(mark)\(feed.title) — \(feed.total), all read"
    }

    /// The article for the detail module: its date in local time with the zone, its text with
    /// its links numbered under it, and its enclosures.
    private func article(_ item: FeedItem) -> Article {
        var content = item.text
        if !item.links.isEmpty {
            content += "\n\nLinks:\n" + item.links.enumerated().map { "[\($0.offset + 1)] \($0.element)" }.joined(separator: "\n")
        }
        if !item.enclosures.isEmpty {
            content += "\n\nEnclosures:\n" + item.enclosures.map { enclosure in
                let about = [enclosure.type, enclosure.length.map(Self.size) ?? ""].filter { !$0.isEmpty }.joined(separator: ", ")
                return "- \(enclosure.url)" + (about.isEmpty ? "" : " (\(about))")
            }.joined(separator: "\n")
        }
        return Article(title: item.title, authors: item.author, date: date(of: item), website: item.link,
                       content: content.trimmingCharacters(in: .newlines), imageURL: item.image)
    }

    /// `1 article`, `3 articles`.
    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// The item's date in local time; a date without a time of day (`2026-11-02`) as written.
    private func date(of item: FeedItem) -> String {
        guard let published = item.published else { return item.dateText }
        return ArticleListJSON.day(of: item) ?? dates.text(published)
    }

    private static func size(_ bytes: Int) -> String {
        if bytes >= 1_048_576 { return String(format: "%.1f MB", Double(bytes) / 1_048_576) }
        if bytes >= 1024 { return "\(bytes / 1024) KB" }
        return "\(bytes) bytes"
    }

    private static func minutes(_ minutes: Int) -> String {
        if minutes == 0 { return "0 (every open fetches)" }
        if minutes % 1440 == 0 { return count(minutes / 1440, "day") }
        if minutes % 60 == 0 { return count(minutes / 60, "hour") }
        return "\(minutes) min"
    }

    private static func describe(_ order: ArticleOrder) -> String {
        switch order {
        case .date: "date, newest first"
        case .title: "title"
        case .author: "author"
        case .site: "site"
        }
    }

    private func noFeed(_ number: Int) -> CommandError {
        CommandError(feeds.isEmpty ? "there are no feeds; 'subscribe URL' adds one" : "no feed \(number); choose 1 to \(feeds.count)")
    }

    private func noArticle(_ number: Int, doing command: String) -> CommandError {
        CommandError(rows.isEmpty ? "there are no articles to \(command); 'refresh' or try another 'source URL'"
                                  : "no article \(number); choose 1 to \(rows.count)")
    }
}
