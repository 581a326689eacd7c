import Contracts

/// Draws one article; `browse` opens its page, `next` reads the list's next unread article
/// ('back' returns to the list).
final class ArticleDetailView: ModuleView, ArticleDetailViewing {
    /// The view owns its presenter, through its protocol; the presenter holds the view weakly.
    private let presenter: any ArticleDetailEventHandling
    private var model = ArticleDetailViewModel()

    init(presenter: any ArticleDetailEventHandling) {
        self.presenter = presenter
    }

    var title: String { "Article" }

    var commands: [CommandSpec] {
        [CommandSpec("browse", help: "Open the article's page with $BROWSER or xdg-open (else show its address)")]
            + (presenter.canStep
                ? [CommandSpec("next", help: "Read the next unread article of the list (newsboat's n); marks it read"),
                   CommandSpec("prev", help: "Read the unread article before this one in the list (newsboat's p); marks it read")] : [])
    }

    func perform(_ command: CommandInvocation) throws {
        switch command.name {
        case "browse": try presenter.didAskToBrowse()
        case "next": try presenter.didAskForNext()
        case "prev": try presenter.didAskForPrevious()
        default: throw CommandError("'\(command.name)' is not a command of Article; type 'help' for the list")
        }
    }

    func didUpdate(_ model: ArticleDetailViewModel) {
        self.model = model
    }

    func render(on screen: any Screen) {
        screen.heading(model.headline)
        if !model.fields.isEmpty {
            screen.fields(model.fields)
        }
        if model.paragraphs.isEmpty {
            screen.empty("This article has no text.")
        }
        for (index, paragraph) in model.paragraphs.enumerated() {
            if index > 0 { screen.text("") }
            screen.text(paragraph)
        }
        if let notice = model.notice {
            screen.text(notice)
        }
    }
}
