import Contracts

/// Draws every item group by group, each led by its stable id.
final class TodoAllView: ModuleView, TodoAllViewing {
    private let presenter: any TodoAllEventHandling
    private var model = TodoAllViewModel()

    init(presenter: any TodoAllEventHandling) {
        self.presenter = presenter
    }

    var title: String { "All to-do items" }

    var commands: [CommandSpec] {
        [
            CommandSpec("done", arguments: ["ID"], help: "Mark item ID done (kept on the finished list; 'undo' takes it back)"),
            CommandSpec("edit", arguments: ["ID"], help: "Change the name or due date of item ID"),
            CommandSpec("delete", arguments: ["ID"], help: "Delete item ID ('undo' brings it back)"),
            CommandSpec("reopen", arguments: ["ID"], help: "Put finished item ID back on the list"),
            CommandSpec("undo", help: "Take back the last done, delete or reopen (even after a restart)"),
            CommandSpec("find", arguments: ["TEXT..."], help: "Show only items whose name holds TEXT ('find' alone shows all)"),
            CommandSpec("tag", arguments: ["NAME?"], help: "Show only items tagged +NAME ('tag' alone shows all)"),
        ]
    }

    func didUpdate(_ model: TodoAllViewModel) {
        self.model = model
    }

    func render(on screen: any Screen) {
        if let filter = model.filter {
            screen.text(filter)
        }
        if let error = model.error {
            screen.error(error)
        } else if model.sections.isEmpty {
            screen.empty(model.filter == nil ? model.emptyMessage : "No item matches.")
        } else {
            screen.todoSections(model.sections)
        }
        if let notice = model.notice {
            screen.text(notice)
        }
    }

    func perform(_ command: CommandInvocation) throws {
        switch command.name {
        case "done": try presenter.didComplete(id: try command.todoID())
        case "edit": try presenter.didAskToEdit(id: try command.todoID())
        case "delete": try presenter.didAskToDelete(id: try command.todoID())
        case "reopen": try presenter.didAskToReopen(id: try command.todoID())
        case "undo": try presenter.didAskToUndo()
        case "find": presenter.didAskToFind(command.rest)
        case "tag": presenter.didAskForTag(command.rest)
        default: throw CommandError("'\(command.name)' is not a command of All to-do items; type 'help' for the list")
        }
    }

    func moduleDidAppear() {
        presenter.didAppear()
    }
}
