import Contracts

/// Draws the upcoming items section by section, numbered through all sections.
final class TodoListView: ModuleView, TodoListViewing {
    private let presenter: any TodoListEventHandling
    private var model = TodoListViewModel()

    init(presenter: any TodoListEventHandling) {
        self.presenter = presenter
    }

    var title: String { "To do" }

    var commands: [CommandSpec] {
        [
            CommandSpec("add", arguments: ["NAME..."], help: "Add an item (opens the add form, with NAME filled in)"),
            CommandSpec("done", arguments: ["N"], help: "Mark item N done (removes it; 'undo' brings it back)"),
            CommandSpec("edit", arguments: ["N"], help: "Change the name or due date of item N"),
            CommandSpec("delete", arguments: ["N"], help: "Delete item N ('undo' brings it back)"),
            CommandSpec("undo", help: "Bring back the last item marked done or deleted"),
            CommandSpec("all", help: "Every item, by week and month (also the route todo/all)"),
        ]
    }

    func didUpdate(_ model: TodoListViewModel) {
        self.model = model
    }

    func render(on screen: any Screen) {
        if let error = model.error {
            screen.error(error)
        } else if model.sections.isEmpty {
            screen.empty(model.emptyMessage)
        } else {
            var number = 1
            for section in model.sections {
                screen.heading(section.name)
                screen.list(section.rows, startingAt: number)
                number += section.rows.count
            }
        }
        if let notice = model.notice {
            screen.text(notice)
        }
    }

    func perform(_ command: CommandInvocation) throws {
        switch command.name {
        case "add": try presenter.didAskToAdd(name: command.rest)
        case "done": try presenter.didComplete(item: try number(in: command))
        case "edit": try presenter.didAskToEdit(item: try number(in: command))
        case "delete": try presenter.didAskToDelete(item: try number(in: command))
        case "undo": presenter.didAskToUndo()
        case "all": try presenter.didAskForAllItems()
        default: throw CommandError("'\(command.name)' is not a command of To do; type 'help' for the list")
        }
    }

    /// The item number in `command`; 0 with nothing listed, so the presenter says why.
    private func number(in command: CommandInvocation) throws -> Int {
        let count = model.sections.reduce(0) { $0 + $1.rows.count }
        return count == 0 ? 0 : try command.itemNumber(count: count)
    }

    func moduleDidAppear() {
        presenter.didAppear()
    }
}
