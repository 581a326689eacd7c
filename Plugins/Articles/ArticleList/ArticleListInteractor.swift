import Contracts
import Foundation

/// The rules of the article list (the Articles app's ArticlesInteractor, grown into a feed
/// reader): which feeds are fetched and when, what counts as read, how items are found and
/// ordered, and what a subscription must be.
///
/// - Opening the list shows the kept copies and fetches only the feeds whose copy is older than
///   the maximum age (`maxage`, 30 minutes unless set); `refresh` fetches whatever its age.
/// - Read state is kept by feed and item id (``FeedItem/readKey``); what earlier versions kept
///   by link is moved onto the items it names as their feeds are seen.
/// - A single source (`?source=URL`) is waited for `foregroundWait` seconds at most; after that
///   the shell goes on, the fetch keeps running, and its answer is collected when the list is
///   next drawn (``doCollectFinishedLoad()``) or dropped with ``doCancelLoad()``.
final class ArticleListInteractor: ArticleListInteracting {
    weak var output: (any ArticleListInteractorOutput)?
    private let fetcher: any ArticleFetching
    private let logger: any Logger
    private let cache: (any ArticleCaching)?
    private let clock: (any Clock)?
    private let foregroundWait: Double
    private let subscriptions: (any FeedSubscriptions)?
    private let readArticles: (any ReadArticles)?
    private let settings: (any FeedSettings)?
    private var pending: (fetch: any ArticleFetch, source: String)?
    /// Items of single sources (`?source=URL`) seen this session, for their read state.
    private var sourceItems: [String: [FeedItem]] = [:]
    private var migrated = Set<String>()

    /// How long `subscribe` waits for the feed it checks.
    static let subscribeWait = 10.0

    init(fetcher: any ArticleFetching, logger: any Logger, cache: (any ArticleCaching)? = nil, clock: (any Clock)? = nil,
         foregroundWait: Double = 10, subscriptions: (any FeedSubscriptions)? = nil, readArticles: (any ReadArticles)? = nil,
         settings: (any FeedSettings)? = nil) {
        self.readArticles = readArticles
        self.fetcher = fetcher
        self.logger = logger
        self.cache = cache
        self.clock = clock
        self.foregroundWait = foregroundWait
        self.subscriptions = subscriptions
        self.settings = settings
    }

    // MARK: Subscriptions

    func doHasSubscriptions() throws -> Bool {
        guard let subscriptions else { return false }
        return try !subscriptions.addresses().isEmpty
    }

    func doSubscriptions() throws -> [String] {
        try keptSubscriptions().addresses()
    }

    /// Fetches `address` once and keeps it only when it is a feed: a web page, a 404 or a server
    /// that does not answer is refused with the reason, and nothing is added.
    func doSubscribe(_ address: String) throws {
        let trimmed = address.trimmed
        guard !trimmed.isEmpty else { throw CommandError("subscribe needs a feed's address, e.g. 'subscribe https://www.swift.org/atom.xml'") }
        let source = try ArticleSource(trimmed)
        guard case .url(let url) = source else { throw CommandError("subscribe needs a feed's address, e.g. 'subscribe https://www.swift.org/atom.xml'") }
        var addresses = try keptSubscriptions().addresses()
        guard !addresses.contains(source.label) else { throw CommandError("\(source.label) is already subscribed; 'feeds' lists it") }
        output?.handleChecking(source.label)
        let fetch = fetcher.start(url)
        let data: Data
        do {
            guard let answer = try fetcher.wait(for: fetch, seconds: Self.subscribeWait) else {
                fetch.cancel()
                throw ArticleSourceError("\(source.label) did not answer within \(Int(Self.subscribeWait)) s")
            }
            data = answer
        } catch let stopped as ArticleFetchCancelled {
            throw CommandError("\(stopped); nothing was subscribed")
        } catch {
            throw CommandError("cannot subscribe to \(source.label): \(error); nothing was subscribed")
        }
        let document: FeedDocument
        do {
            document = try ArticleDecoder.document(from: data, source: source.label)
        } catch {
            throw CommandError("cannot subscribe: \(error); nothing was subscribed")
        }
        keep(document, for: source.label, validators: fetch.validators)
        addresses.append(source.label)
        try keptSubscriptions().save(addresses)
    }

    func doUnsubscribe(number: Int) throws {
        var addresses = try keptSubscriptions().addresses()
        guard addresses.indices.contains(number - 1) else {
            throw CommandError(addresses.isEmpty ? "there are no subscriptions; 'subscribe URL' adds one" : "no feed \(number); choose 1 to \(addresses.count)")
        }
        addresses.remove(at: number - 1)
        try keptSubscriptions().save(addresses)
    }

    func doImport(_ path: String) throws -> (added: Int, known: Int) {
        let file = Self.expand(path)
        guard !file.isEmpty else { throw CommandError("import needs an OPML file, e.g. 'import ~/feeds.opml'") }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw CommandError("cannot read \(file); check the path (an OPML file your feed reader exported, or newsboat's urls file)")
        }
        // newsboat's urls file is a list of addresses; anything else is read as OPML.
        let text = String(decoding: data, as: UTF8.self)
        let startsAsXML = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }.first == "<"
        let feeds = try (startsAsXML ? nil : NewsboatURLs.feeds(from: text)) ?? OPML.feeds(from: data, file: file)
        guard !feeds.isEmpty else { throw CommandError("\(file) names no feed (no <outline xmlUrl=...>); nothing was imported") }
        var addresses = try keptSubscriptions().addresses()
        var added = 0, known = 0
        var refused: [String] = []
        var preferences = settings?.preferences() ?? FeedPreferences()
        var names = preferences.names ?? [:]
        for feed in feeds {
            guard case .url(let url)? = try? ArticleSource(feed.address) else {
                refused.append(feed.address)
                continue
            }
            if addresses.contains(url.absoluteString) {
                known += 1
            } else {
                addresses.append(url.absoluteString)
                added += 1
                if !feed.title.trimmed.isEmpty { names[url.absoluteString] = feed.title.trimmed }
            }
        }
        try keptSubscriptions().save(addresses)
        preferences.names = names
        try settings?.save(preferences)
        guard refused.isEmpty else {
            throw CommandError("imported \(added) feed(s) from \(file), but \(refused.count) address(es) are not http, https or file URLs and were skipped: \(refused.joined(separator: ", "))")
        }
        return (added, known)
    }

    func doExport(_ path: String) throws -> Int {
        let file = Self.expand(path)
        guard !file.isEmpty else { throw CommandError("export needs a file to write, e.g. 'export ~/feeds.opml'") }
        guard !FileManager.default.fileExists(atPath: file) else {
            throw CommandError("\(file) exists; nothing was written (choose a new name, or move it away first)")
        }
        let addresses = try keptSubscriptions().addresses()
        let feeds = addresses.map { OPML.Feed(address: $0, title: title(of: $0)) }
        do {
            try Data(OPML.document(feeds).utf8).write(to: URL(fileURLWithPath: file), options: .withoutOverwriting)
        } catch {
            throw CommandError("cannot write \(file): \(error.localizedDescription); check the folder")
        }
        return feeds.count
    }

    // MARK: Refresh

    @discardableResult
    func doRefreshFeeds(only address: String?, force: Bool) throws -> RefreshOutcome {
        let addresses = try keptSubscriptions().addresses().filter { address == nil || $0 == address }
        let now = clock?.secondsSince1970 ?? 0
        let maxAge = Double(maxAgeMinutes) * 60
        let due = addresses.filter { feed in
            guard !force, let kept = cache?.about(feed) else { return true }
            return now - kept.fetched >= maxAge || now < kept.fetched
        }
        guard !due.isEmpty else { return RefreshOutcome() }
        pending?.fetch.cancel()
        pending = nil
        var refresh = FeedRefresh(total: due.count)
        var failures: [String] = []
        var done = 0
        refresh.run(due.map { ($0, validators(of: $0)) }, fetcher: fetcher) { feed, end in
            done += 1
            let name = title(of: feed)
            switch end {
            case .fetched(let data, let validators):
                do {
                    let document = try ArticleDecoder.document(from: data, source: feed)
                    keep(document, for: feed, validators: validators)
                    output?.handleRefreshProgress(RefreshEvent(feed: document.title, outcome: .fetched(document.items.count), done: done, total: due.count))
                } catch {
                    failures.append(failureLine(feed, "\(error)"))
                    output?.handleRefreshProgress(RefreshEvent(feed: name, outcome: .failed("\(error)"), done: done, total: due.count))
                }
            case .unchanged:
                if let kept = cache?.feed(for: feed) { keep(kept.document, for: feed, validators: kept.validators) }
                output?.handleRefreshProgress(RefreshEvent(feed: name, outcome: .unchanged, done: done, total: due.count))
            case .failed(let reason):
                logger.log(.warning, "articles from \(feed): \(reason)", source: "articles")
                failures.append(failureLine(feed, reason))
                output?.handleRefreshProgress(RefreshEvent(feed: name, outcome: .failed(reason), done: done, total: due.count))
            }
        }
        return RefreshOutcome(failures: failures, stopped: refresh.stopLine)
    }

    private func failureLine(_ feed: String, _ reason: String) -> String {
        let kept = cache?.about(feed) != nil
        let why = reason.contains(feed) ? reason : "\(feed): \(reason)"
        return why + (kept ? " (showing the kept copy)" : "")
    }

    /// A feed's name for a person: its title from the kept copy, else the name an OPML file
    /// gave it, else its host.
    private func title(of feed: String) -> String {
        cache?.about(feed)?.title ?? settings?.preferences().names?[feed] ?? URL(string: feed)?.host ?? feed
    }

    // MARK: Lists

    func doSummarizeFeeds() throws -> [FeedSummary] {
        let addresses = try keptSubscriptions().addresses()
        migrateReadState(of: addresses)
        return addresses.map { address in
            let kept = cache?.feed(for: address)
            let items = kept?.items ?? []
            let unread = items.filter { !(readArticles?.isRead($0) ?? false) }.count
            return FeedSummary(address: address, title: kept?.document.title ?? title(of: address),
                               unread: unread, total: items.count, fetched: kept?.fetched)
        }
    }

    func doList(_ scope: ArticleScope, filter: ArticleFilter) throws -> [ListedItem] {
        let items: [FeedItem]
        switch scope {
        case .allFeeds:
            let addresses = try keptSubscriptions().addresses()
            migrateReadState(of: addresses)
            items = addresses.flatMap { cache?.feed(for: $0)?.items ?? [] }
        case .feed(let address):
            migrateReadState(of: [address])
            items = cache?.feed(for: address)?.items ?? []
        case .source(let address):
            migrateReadState(of: [address])
            items = sourceItems[address] ?? cache?.feed(for: address)?.items ?? []
        case .sample:
            items = sourceItems[""] ?? []
        }
        let words = filter.words.filter { !$0.isEmpty }
        let listed = items.compactMap { item -> ListedItem? in
            let read = readArticles?.isRead(item) ?? false
            if filter.unreadOnly, read { return nil }
            guard words.allSatisfy({ Self.item(item, holds: $0) }) else { return nil }
            return ListedItem(item: item, isRead: read)
        }
        return Self.sorted(listed, by: sortOrder)
    }

    func doFetched(_ scope: ArticleScope) -> Double? {
        switch scope {
        case .allFeeds:
            let addresses = (try? keptSubscriptions().addresses()) ?? []
            return addresses.compactMap { cache?.about($0)?.fetched }.min()
        case .feed(let address), .source(let address): return cache?.about(address)?.fetched
        case .sample: return nil
        }
    }

    /// Whether `item`'s title, author or text holds `word` (case and accents aside).
    static func item(_ item: FeedItem, holds word: String) -> Bool {
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
        return item.title.range(of: word, options: options) != nil || item.author.range(of: word, options: options) != nil
            || item.text.range(of: word, options: options) != nil
    }

    /// `items` in `order`: newest first (an unreadable date after every readable one, in the
    /// feed's order); or by title, author or site from A to Z, newest first among equals.
    static func sorted(_ items: [ListedItem], by order: ArticleOrder) -> [ListedItem] {
        let newestFirst = { (a: (offset: Int, element: ListedItem), b: (offset: Int, element: ListedItem)) -> Bool in
            switch (a.element.item.published, b.element.item.published) {
            case let (x?, y?): return x != y ? x > y : a.offset < b.offset
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return a.offset < b.offset
            }
        }
        let key: ((ListedItem) -> String)? = switch order {
        case .date: nil
        case .title: { $0.item.title }
        case .author: { $0.item.author }
        case .site: { $0.item.site }
        }
        let enumerated = Array(items.enumerated())
        guard let key else { return enumerated.sorted(by: newestFirst).map(\.element) }
        return enumerated.sorted { a, b in
            let (x, y) = (key(a.element), key(b.element))
            // An empty author or title sorts last.
            if x.isEmpty != y.isEmpty { return !x.isEmpty }
            let compared = x.compare(y, options: [.caseInsensitive, .diacriticInsensitive, .numeric])
            return compared != .orderedSame ? compared == .orderedAscending : newestFirst(a, b)
        }.map(\.element)
    }

    // MARK: Read state

    func doMarkRead(_ items: [FeedItem]) {
        do {
            try readArticles?.markRead(items)
        } catch {
            logger.log(.warning, "\(error)", source: "articles")
        }
    }

    func doMarkUnread(_ items: [FeedItem]) throws {
        try readArticles?.markUnread(items)
    }

    func doMarkAllRead(in scope: ArticleScope) throws -> Int {
        let unread = try doList(scope, filter: ArticleFilter(unreadOnly: true)).map(\.item)
        try readArticles?.markRead(unread)
        return unread.count
    }

    /// Moves read marks of earlier versions onto the items of `addresses`, once a session each;
    /// never onto a copy an earlier version kept (its ids are not the feed's).
    private func migrateReadState(of addresses: [String]) {
        let fresh = addresses.filter { !migrated.contains($0) && cache?.feed(for: $0)?.fromEarlierVersion != true }
        guard !fresh.isEmpty else { return }
        migrated.formUnion(fresh)
        do {
            try readArticles?.migrate(fresh.flatMap { cache?.feed(for: $0)?.items ?? [] })
        } catch {
            logger.log(.warning, "\(error)", source: "articles")
        }
    }

    // MARK: Settings

    var sortOrder: ArticleOrder { settings?.preferences().sort ?? .date }
    var maxAgeMinutes: Int { settings?.preferences().maxAgeMinutes ?? FeedPreferences().maxAgeMinutes }

    func doSetSort(_ text: String) throws -> ArticleOrder {
        let word = text.trimmed.lowercased()
        guard let order = ArticleOrder(rawValue: word) else {
            throw CommandError("'\(text)' is not an order; use 'sort date' (newest first), 'sort title', 'sort author' or 'sort site'")
        }
        var preferences = settings?.preferences() ?? FeedPreferences()
        preferences.sort = order
        try settings?.save(preferences)
        return order
    }

    /// `30`, `30m`, `2h`, `1d` or `0` (fetch on every open).
    func doSetMaxAge(_ text: String) throws -> Int {
        let word = text.trimmed.lowercased()
        let units: [(String, Int)] = [("min", 1), ("m", 1), ("h", 60), ("d", 1440)]
        var minutes: Int?
        if let value = Int(word) { minutes = value }
        for (unit, factor) in units where minutes == nil && word.hasSuffix(unit) {
            minutes = Int(String(word.dropLast(unit.count)).trimmed).map { $0 * factor }
        }
        guard let minutes, minutes >= 0, minutes <= 525_600 else {
            throw CommandError("'\(text)' is not an age; give minutes ('maxage 30'), hours ('maxage 2h'), days ('maxage 1d'), or 0 to fetch on every open")
        }
        var preferences = settings?.preferences() ?? FeedPreferences()
        preferences.maxAgeMinutes = minutes
        try settings?.save(preferences)
        return minutes
    }

    // MARK: A single source

    func doLoadArticles(from text: String) {
        pending?.fetch.cancel()
        pending = nil
        var label = text
        do {
            let source = try ArticleSource(text)
            label = source.label
            switch source {
            case .offline:
                let document = try ArticleDecoder.document(from: Data(OfflineArticles.json.utf8), source: "")
                sourceItems[""] = document.items
                output?.handleArticlesLoaded(document.items, from: label, fetched: nil)
            case .url(let url):
                pending = (fetcher.start(url, validators: validators(of: label)), label)
                collect(waiting: foregroundWait)
            }
        } catch {
            logger.log(.warning, "articles from \(label): \(error)", source: "articles")
            output?.handleLoadFailed("\(error)", source: label, lastGood: nil)
        }
    }

    func doCollectFinishedLoad() {
        collect(waiting: 0)
    }

    func doCancelLoad() {
        guard let pending else { return }
        pending.fetch.cancel()
        collect(waiting: 0)
    }

    /// Hands on the pending fetch's answer if it has one after `seconds`.
    private func collect(waiting seconds: Double) {
        guard let (fetch, label) = pending else { return }
        do {
            guard let data = try fetcher.wait(for: fetch, seconds: seconds) else {
                if seconds > 0 { output?.handleStillLoading(source: label) }
                return
            }
            pending = nil
            let document = try ArticleDecoder.document(from: data, source: label)
            logger.log(.info, "\(document.items.count) article(s) from \(label)", source: "articles")
            let fetched = keep(document, for: label, validators: fetch.validators)
            output?.handleArticlesLoaded(document.items, from: label, fetched: fetched)
        } catch is ArticleFeedNotModified {
            // Asked with the kept copy's validators, so there is a kept copy; it is current.
            pending = nil
            let kept = cache?.feed(for: label)
            logger.log(.info, "\(label) has not changed", source: "articles")
            let fetched = kept.flatMap { keep($0.document, for: label, validators: $0.validators) }
            output?.handleArticlesLoaded(kept?.items ?? [], from: label, fetched: fetched)
        } catch let cancelled as ArticleFetchCancelled {
            pending = nil
            logger.log(.info, "\(cancelled)", source: "articles")
            output?.handleLoadCancelled(source: label, lastGood: cache?.feed(for: label))
        } catch {
            pending = nil
            logger.log(.warning, "articles from \(label): \(error)", source: "articles")
            let kept = cache?.feed(for: label)
            if let kept { sourceItems[label] = kept.items }
            output?.handleLoadFailed("\(error)", source: label, lastGood: kept)
        }
    }

    // MARK: Keeping

    /// Saves a good feed; returns when it was fetched. A cache that cannot be written costs only
    /// the offline copy, so it is logged, not shown.
    @discardableResult
    private func keep(_ document: FeedDocument, for source: String, validators: FeedValidators) -> Double? {
        sourceItems[source] = document.items
        guard let clock else { return nil }
        let now = clock.secondsSince1970
        do {
            try cache?.save(CachedFeed(document: document, fetched: now, validators: validators), for: source)
        } catch {
            logger.log(.warning, "\(error)", source: "articles")
        }
        return now
    }

    /// The validators of the kept copy of `source`, for a conditional fetch; none without a copy.
    private func validators(of source: String) -> FeedValidators {
        cache?.about(source)?.validators ?? .none
    }

    private func keptSubscriptions() throws -> any FeedSubscriptions {
        guard let subscriptions else { throw CommandError("this list keeps no subscriptions") }
        return subscriptions
    }

    private static func expand(_ path: String) -> String {
        let trimmed = path.trimmed
        return trimmed.hasPrefix("~") ? (trimmed as NSString).expandingTildeInPath : trimmed
    }
}
