import Contracts

/// Draws the item being changed, with what is not saved yet, and passes commands on.
/// It tells the shell what leaving would lose, so `close` asks before dropping changes.
final class TodoEditView: ModuleView, ModuleRemovalHandling, TodoEditViewing {
    let presenter: any TodoEditEventHandling  // not private: the view's +Restoration.swift reaches it
    private var model = TodoEditViewModel()

    init(presenter: any TodoEditEventHandling) {
        self.presenter = presenter
    }

    var title: String { "Edit item" }

    var commands: [CommandSpec] {
        [
            CommandSpec("name", arguments: ["TEXT..."], help: "Change what to do"),
            CommandSpec("due", arguments: ["WHEN..."], help: "Change the due date and maybe time: today, tomorrow 9am, friday, in 3 weeks, dec 24, 2026-12-24 or none"),
            CommandSpec("pri", arguments: ["H|M|L|none"], help: "Change the priority: H (high), M (medium), L (low) or none"),
            CommandSpec("every", arguments: ["WHEN..."], help: "Change the repeat: every week, every 2 days, every month on the 1st, every friday, or none"),
            CommandSpec("save", help: "Store the changes and close"),
            CommandSpec("cancel", help: "Close without changing the item"),
        ]
    }

    func didUpdate(_ model: TodoEditViewModel) {
        self.model = model
    }

    func render(on screen: any Screen) {
        screen.fields([Field("Name", model.name), Field("Due", model.due)]
            + (model.priority.map { [Field("Priority", $0)] } ?? []) + (model.repeats.map { [Field("Repeats", $0)] } ?? []))
        if let error = model.error {
            screen.error(error)
        }
        if model.unsaved.isEmpty {
            screen.text("No changes yet. Type 'name TEXT', 'due WHEN', 'pri H|M|L' or 'every WHEN', then 'save'; 'cancel' closes.")
        } else {
            screen.text("Unsaved: \(model.unsaved.joined(separator: ", ")). Type 'save' to keep, 'cancel' to drop.")
        }
    }

    var unsavedWork: String? {
        presenter.unsavedWork
    }

    func perform(_ command: CommandInvocation) throws {
        switch command.name {
        case "name": try presenter.didEnterName(command.text)
        case "due": try presenter.didEnterDueDate(command.text)
        case "pri": try presenter.didEnterPriority(command.text)
        case "every": try presenter.didEnterRepeat(command.text)
        case "save": try presenter.didAskToSave()
        case "cancel": presenter.didAskToCancel()
        default: throw CommandError("'\(command.name)' is not a command of Edit item; type 'help' for the list")
        }
    }
}
