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
        [CommandSpec("add", arguments: ["NAME..."], help: "Add an item (opens the add form, with NAME filled in; +word tags it; due:, pri: and every: words fill in those fields)")]
            + TodoItemCommands.specs
            + [
                CommandSpec("edit", arguments: ["ID", "FIELDS..."], help: "Change item ID in the editor; 'edit 3 due:friday pri:H' fills those fields in (then 'save')"),
                CommandSpec("modify", arguments: ["ID", "FIELDS..."], help: "Change item ID at once, as taskwarrior's modify: 'modify 3 due:friday pri:H', 'modify 3 New name' (a word that does not read changes nothing)"),
                CommandSpec("find", arguments: ["TEXT..."], help: "Show only items whose name holds TEXT ('find' alone shows all)"),
                CommandSpec("tag", arguments: ["NAME?"], help: "Show only items tagged +NAME ('tag' alone shows all)"),
                CommandSpec("all", help: "Every item, by week and month (also the route todo/all)"),
                CommandSpec("finished", help: "Finished items, with when they were done (also the route todo/done)"),
                CommandSpec("import", arguments: ["FILE"], help: "Add the items of a todo.txt file"),
                CommandSpec("export", arguments: ["FILE"], help: "Write every item to a new todo.txt file"),
            ]
    }

    func didUpdate(_ model: TodoListViewModel) {
        self.model = model
    }

    func render(on screen: any Screen) {
        if let json = model.json {
            screen.text(json)
            return
        }
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
        if let later = model.later {
            screen.text(later)
        }
        if let notice = model.notice {
            screen.text(notice)
        }
    }

    func perform(_ command: CommandInvocation) throws {
        if try TodoItemCommands.perform(command, on: presenter) { return }
        switch command.name {
        case "add": try presenter.didAskToAdd(name: command.text)
        case "edit": try presenter.didAskToEdit(id: try command.todoID(), fields: command.arguments.dropFirst().joined(separator: " "))
        case "modify": try presenter.didAskToModify(id: try command.todoID(), fields: command.arguments.dropFirst().joined(separator: " "))
        case "find": presenter.didAskToFind(command.text)
        case "tag": presenter.didAskForTag(command.text)
        case "all": try presenter.didAskForAllItems()
        case "finished": try presenter.didAskForFinishedItems()
        case "import": try presenter.didAskToImport(path: command.text)
        case "export": try presenter.didAskToExport(path: command.text)
        default: throw CommandError("'\(command.name)' is not a command of To do; type 'help' for the list")
        }
    }

    func moduleDidAppear() {
        presenter.didAppear()
    }
}

/// At a terminal, `delete` asks first, naming the items (a script does not ask; `undo` brings them back).
extension TodoListView: CommandConfirming {
    func confirmation(for command: CommandInvocation) -> String? {
        TodoItemCommands.confirmation(for: command, on: presenter)
    }
}
