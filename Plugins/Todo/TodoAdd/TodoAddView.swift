import Contracts

/// Draws the add form and passes commands to the presenter.
final class TodoAddView: ModuleView, ModuleRemovalHandling, TodoAddViewing {
    let presenter: any TodoAddEventHandling  // not private: the view's +Restoration.swift reaches it
    private var model = TodoAddViewModel()

    init(presenter: any TodoAddEventHandling) {
        self.presenter = presenter
    }

    var title: String { "Add item" }

    var commands: [CommandSpec] {
        [
            CommandSpec("name", arguments: ["TEXT..."], help: "Set what to do"),
            CommandSpec("due", arguments: ["WHEN..."], help: "Set the due date: today, friday, next friday, in 3 weeks, dec 24, 2026-12-24 or none"),
            CommandSpec("save", help: "Add the item and close the form"),
            CommandSpec("cancel", help: "Close the form without adding"),
        ]
    }

    func didUpdate(_ model: TodoAddViewModel) {
        self.model = model
    }

    func render(on screen: any Screen) {
        screen.fields([Field("Name", model.name), Field("Due", model.due)])
        if let error = model.error {
            screen.error(error)
        }
        screen.text("The item is due today unless you set 'due'. Type 'save' once it has a name, or 'cancel'.")
    }

    /// Closed from the shell, the form tells its output it was cancelled, as `cancel` does.
    func moduleWasRemovedByUser() {
        presenter.didLeaveWithoutAdding()
    }

    func perform(_ command: CommandInvocation) throws {
        switch command.name {
        case "name": try presenter.didEnterName(command.rest)
        case "due": try presenter.didEnterDueDate(command.rest)
        case "save": try presenter.didAskToSave()
        case "cancel": presenter.didAskToCancel()
        default: throw CommandError("'\(command.name)' is not a command of Add item; type 'help' for the list")
        }
    }
}
