import Contracts

/// Draws every item group by group, numbered through all groups.
final class TodoAllView: ModuleView, TodoAllViewing {
    private let presenter: any TodoAllEventHandling
    private var model = TodoAllViewModel()

    init(presenter: any TodoAllEventHandling) {
        self.presenter = presenter
    }

    var title: String { "All to-do items" }

    var commands: [CommandSpec] {
        [
            CommandSpec("done", arguments: ["N"], help: "Mark item N done (removes it; 'undo' brings it back)"),
            CommandSpec("edit", arguments: ["N"], help: "Change the name or due date of item N"),
            CommandSpec("delete", arguments: ["N"], help: "Delete item N ('undo' brings it back)"),
            CommandSpec("undo", help: "Bring back the last item marked done or deleted"),
        ]
    }

    func didUpdate(_ model: TodoAllViewModel) {
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
        case "done": try presenter.didComplete(item: try number(in: command))
        case "edit": try presenter.didAskToEdit(item: try number(in: command))
        case "delete": try presenter.didAskToDelete(item: try number(in: command))
        case "undo": presenter.didAskToUndo()
        default: throw CommandError("'\(command.name)' is not a command of All to-do items; type 'help' for the list")
        }
    }

    private func number(in command: CommandInvocation) throws -> Int {
        let count = model.sections.reduce(0) { $0 + $1.rows.count }
        return count == 0 ? 0 : try command.itemNumber(count: count)
    }

    func moduleDidAppear() {
        presenter.didAppear()
    }
}
