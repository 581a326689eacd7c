import Contracts

/// Draws the notes under the account status line and passes commands to the presenter.
/// At a terminal `delete N` asks first (``CommandConfirming``); `undo` brings the note back.
final class NoteListView: ModuleView, CommandConfirming, NoteListViewing {
    private let presenter: any NoteListEventHandling
    private var model = NoteListViewModel()
    private var statusLine: (any ModuleView)?

    init(presenter: any NoteListEventHandling) {
        self.presenter = presenter
    }

    var title: String { "Notes" }

    var commands: [CommandSpec] {
        let all = [
            CommandSpec("new", arguments: ["TITLE..."], help: "Write a new note titled TITLE (signs you in first if needed)"),
            CommandSpec("edit", arguments: ["N"], help: "Edit note N (signs you in first if needed)"),
            CommandSpec("show", arguments: ["N"], help: "Read note N in full, without editing it"),
            CommandSpec("delete", arguments: ["N"], help: "Delete note N (signs you in first if needed)"),
            CommandSpec("undo", help: "Bring back the note deleted last"),
            CommandSpec("find", arguments: ["TEXT..."], help: "List the notes whose title or text holds TEXT; without TEXT, every note"),
            CommandSpec("export", arguments: ["DIR"], help: "Write every note to DIR as Markdown, one file each (title as heading, modified time kept)"),
            CommandSpec("import", arguments: ["DIR"], help: "Add a note for each Markdown file of DIR (signs you in first if needed)"),
            CommandSpec("login", help: "Sign in to see your notes (each account sees only its own)"),
            CommandSpec("signout", help: "Sign out"),
        ]
        // Signed in, 'login' would do nothing: it is not offered (nor completed, nor run).
        return model.signedIn ? all.filter { $0.name != "login" } : all
    }

    func didUpdate(_ model: NoteListViewModel) {
        self.model = model
    }

    func didEmbed(_ child: any ModuleView) {
        statusLine = child
    }

    func render(on screen: any Screen) {
        if let statusLine {
            screen.embed(statusLine)
        }
        if let searchLine = model.searchLine, model.error == nil {
            screen.text(searchLine)
        }
        if let error = model.error {
            screen.error(error)
        } else if model.rows.isEmpty {
            screen.empty(model.emptyMessage)
        } else {
            screen.list(model.rows)
        }
        if let shown = model.shown {
            screen.heading(shown.heading)
            screen.fields([Field("Modified", shown.modified)])
            if shown.lines.isEmpty {
                screen.empty("The body is empty.")
            }
            for line in shown.lines {
                screen.text(line)
            }
        }
        if let notice = model.notice {
            screen.text(notice)
        }
    }

    func perform(_ command: CommandInvocation) throws {
        switch command.name {
        case "new": try presenter.didAskForNewNote(title: command.rest)
        case "edit": try presenter.didAskToEdit(item: itemNumber(command))
        case "delete": try presenter.didAskToDelete(item: itemNumber(command))
        case "show": try presenter.didAskToShow(item: itemNumber(command))
        case "find": presenter.didAskToFind(command.rest)
        case "login": try presenter.didAskToSignIn()
        case "signout": presenter.didAskToSignOut()
        case "undo": try presenter.didAskToUndo()
        case "export": try presenter.didAskToExport(to: command.rest)
        case "import": try presenter.didAskToImport(from: command.rest)
        default: throw CommandError("'\(command.name)' is not a command of Notes; type 'help' for the list")
        }
    }

    func confirmation(for command: CommandInvocation) -> String? {
        guard command.name == "delete" else { return nil }
        return presenter.deleteQuestion(item: Int(command.arguments.first ?? "") ?? 0)
    }

    func moduleDidAppear() {
        presenter.didAppear()
    }

    /// The item number typed, checked against the rows shown; with no rows (nobody signed
    /// in, or no notes) the number as typed, and the presenter says why and what to do.
    private func itemNumber(_ command: CommandInvocation) throws -> Int {
        model.rows.isEmpty ? Int(command.arguments.first ?? "") ?? 0 : try command.itemNumber(count: model.rows.count)
    }
}
