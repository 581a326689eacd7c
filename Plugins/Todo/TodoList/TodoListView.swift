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
            CommandSpec("done", arguments: ["N"], help: "Mark item N done (removes it)"),
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
        case "done":
            let count = model.sections.reduce(0) { $0 + $1.rows.count }
            // With nothing listed, the presenter says why.
            try presenter.didComplete(item: count == 0 ? 0 : command.itemNumber(count: count))
        default: throw CommandError("'\(command.name)' is not a command of To do; type 'help' for the list")
        }
    }

    func moduleDidAppear() {
        presenter.didAppear()
    }
}
