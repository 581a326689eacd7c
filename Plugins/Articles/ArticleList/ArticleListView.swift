import Contracts

/// Draws the list, or what stands in for it: loading, empty or an error; a failed
/// refresh is drawn above the list it left in place. While a refresh of every feed runs, its
/// progress lines go to the host's ``CommandProgress`` (shown at once at a terminal).
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
            CommandSpec("show", arguments: ["N"], help: "Read article N"),
            CommandSpec("browse", arguments: ["N"], help: "Open article N's page with $BROWSER or xdg-open (else show its address)"),
            CommandSpec("refresh", help: "Fetch the list again (Ctrl-C stops a slow fetch)"),
            CommandSpec("source", arguments: ["URL?"], help: "Fetch from URL (RSS, Atom, JSON Feed or a JSON list); without URL, your feeds (or the built-in sample)"),
            CommandSpec("subscribe", arguments: ["URL"], help: "Keep URL among your feeds (RSS, Atom or JSON Feed)"),
            CommandSpec("feeds", help: "List your subscriptions, numbered for 'unsubscribe N'"),
            CommandSpec("unsubscribe", arguments: ["N"], help: "Stop following feed N of 'feeds'"),
            CommandSpec("unread", help: "Only the articles not read yet ('refresh' lists them all again)"),
            CommandSpec("all", help: "Every subscribed feed's articles in one list, newest first ('refresh' fetches them again)"),
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
        var fields: [Field] = []
        if !model.source.isEmpty { fields.append(Field("Source", model.source)) }
        if let fetched = model.fetched { fields.append(Field("Updated", fetched)) }
        if !fields.isEmpty { screen.fields(fields) }
        if let error = model.error {
            screen.error(error)
        }
        for problem in model.problems {
            screen.error(problem)
        }
        switch model.state {
        case .loading(let message): screen.text(message)
        case .empty(let message): screen.empty(message)
        case .failed(let message):
            screen.error(message)
            screen.text("Type 'refresh' to try again, or 'source URL' for another feed.")
        case .list(let rows): screen.list(rows)
        }
        if !model.subscriptions.isEmpty {
            screen.heading("Subscriptions")
            for (offset, address) in model.subscriptions.enumerated() {
                screen.text("  feed \(offset + 1): \(address)")
            }
        }
        if let notice = model.notice {
            screen.text(notice)
        }
    }

    func perform(_ command: CommandInvocation) throws {
        switch command.name {
        case "show":
            let count: Int
            if case .list(let rows) = model.state { count = rows.count } else { count = 0 }
            // With nothing listed, the presenter says why and what to do.
            try presenter.didSelect(item: count == 0 ? 0 : command.itemNumber(count: count))
        case "browse":
            let count: Int
            if case .list(let rows) = model.state { count = rows.count } else { count = 0 }
            try presenter.didAskToBrowse(item: count == 0 ? 0 : command.itemNumber(count: count))
        case "refresh": presenter.didAskToRefresh()
        case "source": presenter.didChooseSource(command.rest)
        case "cancel": try presenter.didAskToCancel()
        case "subscribe": try presenter.didAskToSubscribe(command.rest)
        case "feeds": try presenter.didAskForSubscriptions()
        case "all": try presenter.didAskForAllFeeds()
        case "unread": presenter.didAskForUnread()
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
