import Contracts

/// Draws the finished items, each led by its stable id.
final class TodoDoneView: ModuleView, TodoDoneViewing {
    private let presenter: any TodoDoneEventHandling
    private var model = TodoDoneViewModel()

    init(presenter: any TodoDoneEventHandling) {
        self.presenter = presenter
    }

    var title: String { "Finished to-do items" }

    var commands: [CommandSpec] {
        [
            CommandSpec("reopen", arguments: ["ID"], help: "Put item ID back on the to-do list"),
            CommandSpec("delete", arguments: ["ID"], help: "Delete item ID for good ('undo' brings it back)"),
            CommandSpec("undo", help: "Take back the last done, delete or reopen"),
        ]
    }

    func didUpdate(_ model: TodoDoneViewModel) {
        self.model = model
    }

    func render(on screen: any Screen) {
        if let error = model.error {
            screen.error(error)
        } else if model.rows.isEmpty {
            screen.empty(model.emptyMessage)
        } else {
            screen.todoSections([TodoDisplaySection(name: "Finished, latest first", rows: model.rows)])
        }
        if let notice = model.notice {
            screen.text(notice)
        }
    }

    func perform(_ command: CommandInvocation) throws {
        switch command.name {
        case "reopen": try presenter.didAskToReopen(id: try command.todoID())
        case "delete": try presenter.didAskToDelete(id: try command.todoID())
        case "undo": try presenter.didAskToUndo()
        default: throw CommandError("'\(command.name)' is not a command of Finished to-do items; type 'help' for the list")
        }
    }

    func moduleDidAppear() {
        presenter.didAppear()
    }
}
