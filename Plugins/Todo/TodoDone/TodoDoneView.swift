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
            CommandSpec("reopen", arguments: ["ID..."], help: "Put items back on the to-do list: 'reopen 3', 'reopen 1-3'"),
            CommandSpec("delete", arguments: ["ID..."], help: "Delete items for good ('undo' brings them back)"),
            CommandSpec("undo", help: "Take back the last change, one more each time"),
        ]
    }

    func didUpdate(_ model: TodoDoneViewModel) {
        self.model = model
    }

    func render(on screen: any Screen) {
        if let json = model.json {
            screen.text(json)
            return
        }
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
        case "reopen": try presenter.didAskToReopen(ids: try command.todoIDs())
        case "delete": try presenter.didAskToDelete(ids: try command.todoIDs())
        case "undo": try presenter.didAskToUndo()
        default: throw CommandError("'\(command.name)' is not a command of Finished to-do items; type 'help' for the list")
        }
    }

    func moduleDidAppear() {
        presenter.didAppear()
    }
}

/// At a terminal, `delete` asks first, naming the items (a script does not ask; `undo` brings them back).
extension TodoDoneView: CommandConfirming {
    func confirmation(for command: CommandInvocation) -> String? {
        guard command.name == "delete", let ids = try? command.todoIDs() else { return nil }
        return presenter.questionBeforeDeleting(ids: ids)
    }
}
