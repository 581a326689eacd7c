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
            CommandSpec("due", arguments: ["WHEN..."], help: "Set the due date and maybe a time: today, tomorrow 9am, friday, in 3 weeks, dec 24, 2026-12-24 or none"),
            CommandSpec("pri", arguments: ["H|M|L|none"], help: "Set the priority: H (high), M (medium), L (low) or none"),
            CommandSpec("every", arguments: ["WHEN..."], help: "Repeat it: every week, every 2 days, every month on the 1st, every friday, or none"),
            CommandSpec("save", help: "Add the item and close the form"),
            CommandSpec("cancel", help: "Close the form without adding"),
        ]
    }

    func didUpdate(_ model: TodoAddViewModel) {
        self.model = model
    }

    func render(on screen: any Screen) {
        screen.fields([Field("Name", model.name), Field("Due", model.due)]
            + (model.priority.map { [Field("Priority", $0)] } ?? []) + (model.repeats.map { [Field("Repeats", $0)] } ?? []))
        if let error = model.error {
            screen.error(error)
        }
        screen.text("The item is due today unless you set 'due' ('pri' and 'every' are there too). Type 'save' once it has a name, or 'cancel'.")
    }

    /// Closed from the shell, the form tells its output it was cancelled, as `cancel` does.
    func moduleWasRemovedByUser() {
        presenter.didLeaveWithoutAdding()
    }

    func perform(_ command: CommandInvocation) throws {
        switch command.name {
        case "name": try presenter.didEnterName(command.text)
        case "due": try presenter.didEnterDueDate(command.text)
        case "pri": try presenter.didEnterPriority(command.text)
        case "every": try presenter.didEnterRepeat(command.text)
        case "save": try presenter.didAskToSave()
        case "cancel": presenter.didAskToCancel()
        default: throw CommandError("'\(command.name)' is not a command of Add item; type 'help' for the list")
        }
    }
}
