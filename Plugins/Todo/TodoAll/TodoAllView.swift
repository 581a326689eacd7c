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
        TodoItemCommands.specs + [
            CommandSpec("edit", arguments: ["ID", "FIELDS..."], help: "Change item ID in the editor; 'edit 3 due:friday pri:H' fills those fields in (then 'save')"),
            CommandSpec("modify", arguments: ["ID", "FIELDS..."], help: "Change item ID at once, as taskwarrior's modify: 'modify 3 due:friday pri:H', 'modify 3 New name' (a word that does not read changes nothing)"),
            CommandSpec("find", arguments: ["TEXT..."], help: "Show only items whose name holds TEXT ('find' alone shows all)"),
            CommandSpec("tag", arguments: ["NAME?"], help: "Show only items tagged +NAME ('tag' alone shows all)"),
        ]
    }

    func didUpdate(_ model: TodoAllViewModel) {
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
        if let notice = model.notice {
            screen.text(notice)
        }
    }

    func perform(_ command: CommandInvocation) throws {
        if try TodoItemCommands.perform(command, on: presenter) { return }
        switch command.name {
        case "edit": try presenter.didAskToEdit(id: try command.todoID(), fields: command.arguments.dropFirst().joined(separator: " "))
        case "modify": try presenter.didAskToModify(id: try command.todoID(), fields: command.arguments.dropFirst().joined(separator: " "))
        case "find": presenter.didAskToFind(command.text)
        case "tag": presenter.didAskForTag(command.text)
        default: throw CommandError("'\(command.name)' is not a command of All to-do items; type 'help' for the list")
        }
    }

    func moduleDidAppear() {
        presenter.didAppear()
    }
}

/// At a terminal, `delete` asks first, naming the items (a script does not ask; `undo` brings them back).
extension TodoAllView: CommandConfirming {
    func confirmation(for command: CommandInvocation) -> String? {
        TodoItemCommands.confirmation(for: command, on: presenter)
    }
}
