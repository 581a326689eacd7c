import Contracts

/// Draws the note with its body as Markdown and passes commands to the presenter.
final class MarkdownEditorView: ModuleView, MarkdownEditorViewing {
    private let presenter: any MarkdownEditorEventHandling
    private var model = MarkdownEditorViewModel()

    init(presenter: any MarkdownEditorEventHandling) {
        self.presenter = presenter
    }

    var title: String { "Markdown note" }

    var commands: [CommandSpec] {
        [
            CommandSpec("title", arguments: ["TEXT..."], help: "Set the title"),
            CommandSpec("line", arguments: ["MARKDOWN..."], help: "Add a line: '# heading', '- bullet' or text"),
            CommandSpec("save", help: "Save the note and close the editor"),
            CommandSpec("cancel", help: "Close the editor without saving"),
        ]
    }

    func didUpdate(_ model: MarkdownEditorViewModel) {
        self.model = model
    }

    func render(on screen: any Screen) {
        if let error = model.error { screen.error(error) }
        screen.fields([Field("Title", model.title)])
        if model.lines.isEmpty {
            screen.empty("The body is empty: type 'line # Heading', 'line - item' or 'line some text'.")
        }
        for line in model.lines {
            switch line {
            case .heading(let text): screen.heading(text)
            case .bullet(let text): screen.text("• " + text)
            case .paragraph(let text): screen.text(text)
            }
        }
    }

    func perform(_ command: CommandInvocation) throws {
        switch command.name {
        case "title": try presenter.didSetTitle(command.rest)
        case "line": presenter.didAddLine(command.rest)
        case "save": try presenter.didSave()
        case "cancel": presenter.didCancel()
        default: throw CommandError("'\(command.name)' is not a command of the Markdown editor; type 'help' for the list")
        }
    }
}
