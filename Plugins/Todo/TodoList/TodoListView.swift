import Contracts

/// Draws the upcoming items section by section, each led by its stable id.
final class TodoListView: ModuleView, TodoListViewing {
    private let presenter: any TodoListEventHandling
    private var model = TodoListViewModel()

    init(presenter: any TodoListEventHandling) {
        self.presenter = presenter
    }

    var title: String { "To do" }

    var commands: [CommandSpec] {
        [
            CommandSpec("add", arguments: ["NAME..."], help: "Add an item (opens the add form, with NAME filled in; +word tags it)"),
            CommandSpec("done", arguments: ["ID"], help: "Mark item ID done (kept on the finished list; 'undo' takes it back)"),
            CommandSpec("edit", arguments: ["ID"], help: "Change the name or due date of item ID"),
            CommandSpec("delete", arguments: ["ID"], help: "Delete item ID ('undo' brings it back)"),
            CommandSpec("reopen", arguments: ["ID"], help: "Put finished item ID back on the list"),
            CommandSpec("undo", help: "Take back the last done, delete or reopen (even after a restart)"),
            CommandSpec("find", arguments: ["TEXT..."], help: "Show only items whose name holds TEXT ('find' alone shows all)"),
            CommandSpec("tag", arguments: ["NAME?"], help: "Show only items tagged +NAME ('tag' alone shows all)"),
            CommandSpec("all", help: "Every item, by week and month (also the route todo/all)"),
            CommandSpec("finished", help: "Finished items, with when they were done (also the route todo/done)"),
        ]
    }

    func didUpdate(_ model: TodoListViewModel) {
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
        case "add": try presenter.didAskToAdd(name: command.rest)
        case "done": try presenter.didComplete(id: try command.todoID())
        case "edit": try presenter.didAskToEdit(id: try command.todoID())
        case "delete": try presenter.didAskToDelete(id: try command.todoID())
        case "reopen": try presenter.didAskToReopen(id: try command.todoID())
        case "undo": try presenter.didAskToUndo()
        case "find": presenter.didAskToFind(command.rest)
        case "tag": presenter.didAskForTag(command.rest)
        case "all": try presenter.didAskForAllItems()
        case "finished": try presenter.didAskForFinishedItems()
        default: throw CommandError("'\(command.name)' is not a command of To do; type 'help' for the list")
        }
    }

    func moduleDidAppear() {
        presenter.didAppear()
    }
}
