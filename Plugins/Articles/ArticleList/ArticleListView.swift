import Contracts

/// Draws the feeds screen or a list of articles, or what stands in for it: loading, empty or an
/// error; a failed refresh is drawn above the list it left in place. While a refresh runs, its
/// progress lines (each naming its feed) go to the host's ``CommandProgress`` (shown at once at
/// a terminal).
final class ArticleListView: ModuleView, ArticleListViewing {
    private let presenter: any ArticleListEventHandling
    private var model = ArticleListViewModel()
    private let progress: (any CommandProgress)?

    init(presenter: any ArticleListEventHandling, progress: (any CommandProgress)? = nil) {
        self.presenter = presenter
        self.progress = progress
    }

    var title: String { "Articles" }

    var commands: [CommandSpec] {
        [
            CommandSpec("feeds", help: "Your feeds, each with its unread count (newsboat's main screen)"),
            CommandSpec("read", arguments: ["N"], help: "On the feeds screen, open feed N's articles; on a list, read article N"),
            CommandSpec("show", arguments: ["N"], help: "The same as 'read N'"),
            CommandSpec("next", help: "Read the next unread article after the one read last (newsboat's n); 'next' again in the article"),
            CommandSpec("browse", arguments: ["N"], help: "Open article N's page with $BROWSER or xdg-open (else show its address); marks it read"),
            CommandSpec("all", help: "Every subscribed feed's articles in one list"),
            CommandSpec("unread", help: "Only the articles not read yet ('refresh' lists them all again)"),
            CommandSpec("markread", arguments: ["N|all?"], help: "Mark article N (on the feeds screen: feed N), this list, or every feed ('all') read"),
            CommandSpec("markunread", arguments: ["N"], help: "Mark article N not read again"),
            CommandSpec("find", arguments: ["WORDS..."], help: "Only the articles whose title, author or text holds every word (\"a phrase\" in quotes); 'find' alone shows all"),
            CommandSpec("sort", arguments: ["date|title|author|site"], help: "Order the articles (date: newest first; kept across runs)"),
            CommandSpec("refresh", help: "Fetch what is on screen again now, whatever its age (Ctrl-C stops it)"),
            CommandSpec("maxage", arguments: ["AGE?"], help: "How old a kept copy may be before opening the list fetches it: 30, 2h, 1d, 0 (always)"),
            CommandSpec("subscribe", arguments: ["URL"], help: "Fetch URL once and keep it among your feeds when it is a feed (RSS, Atom or JSON Feed)"),
            CommandSpec("unsubscribe", arguments: ["N"], help: "Stop following feed N of 'feeds'"),
            CommandSpec("import", arguments: ["FILE"], help: "Subscribe to every feed of an OPML file or of newsboat's urls file"),
            CommandSpec("export", arguments: ["FILE"], help: "Write your subscriptions to a new OPML file"),
            CommandSpec("source", arguments: ["URL?"], help: "Read URL without subscribing; without URL, your feeds (or the built-in sample)"),
            CommandSpec("cancel", help: "Stop the fetch under way (Ctrl-C does too); the list stays as it was"),
        ]
    }

    func didUpdate(_ model: ArticleListViewModel) {
        self.model = model
    }

    func didReportProgress(_ line: String) {
        progress?.report(line)
    }

    func render(on screen: any Screen) {
        presenter.willDraw()
        if let json = model.json {
            // Data for another tool: the list, and the error lines of feeds that failed, which the
            // shell sends to standard error in a script (and fails the script with).
            drawErrors(on: screen)
            screen.text(json)
            return
        }
        if !model.fields.isEmpty { screen.fields(model.fields) }
        drawErrors(on: screen)
        switch model.state {
        case .loading(let message): screen.text(message)
        case .empty(let message): screen.empty(message)
        case .failed(let message):
            screen.error(message)
            screen.text("Type 'refresh' to try again, or 'source URL' for another feed.")
        case .list(let rows): screen.list(rows)
        }
        if let notice = model.notice {
            screen.text(notice)
        }
    }

    /// The command's number argument (`read 3`); its range is the presenter's to check.
    private static func number(_ command: CommandInvocation) throws -> Int {
        guard let word = command.arguments.first, let number = Int(word) else {
            let given = command.arguments.first.map { "'\($0)' is not a number; " } ?? ""
            throw CommandError("\(given)\(command.name) needs the number shown before a feed or an article, e.g. '\(command.name) 2'")
        }
        return number
    }

    private func drawErrors(on screen: any Screen) {
        if let error = model.error {
            screen.error(error)
        }
        for problem in model.problems {
            screen.error(problem)
        }
    }

    func perform(_ command: CommandInvocation) throws {
        switch command.name {
        case "show", "read":
            // The presenter says what is out of range, naming feeds or articles.
            try presenter.didSelect(item: Self.number(command))
        case "browse":
            try presenter.didAskToBrowse(item: Self.number(command))
        case "next": try presenter.didAskForNext()
        case "refresh": try presenter.didAskToRefresh()
        case "source": presenter.didChooseSource(command.rest)
        case "cancel": try presenter.didAskToCancel()
        case "subscribe": try presenter.didAskToSubscribe(command.arguments.joined(separator: " "))
        case "feeds": try presenter.didAskForSubscriptions()
        case "all": try presenter.didAskForAllFeeds()
        case "unread": presenter.didAskForUnread()
        case "markread": try presenter.didAskToMarkRead(command.rest)
        case "markunread":
            try presenter.didAskToMarkUnread(item: Self.number(command))
        case "find": try presenter.didAskToFind(command.arguments)
        case "sort": try presenter.didAskToSort(command.rest)
        case "maxage": try presenter.didAskToSetMaxAge(command.rest)
        case "import": try presenter.didAskToImport(command.arguments.joined(separator: " "))
        case "export": try presenter.didAskToExport(command.arguments.joined(separator: " "))
        case "unsubscribe":
            guard let word = command.arguments.first, let number = Int(word) else {
                throw CommandError("unsubscribe needs a feed's number from 'feeds', e.g. 'unsubscribe 2'")
            }
            try presenter.didAskToUnsubscribe(number: number)
        default: throw CommandError("'\(command.name)' is not a command of Articles; type 'help' for the list")
        }
    }

    func moduleDidAppear() {
        presenter.didAppear()
    }
}
