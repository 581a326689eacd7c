import Contracts

/// Draws the note being edited and passes commands to the presenter. It tells the
/// shell what leaving would lose, so `back` asks before dropping unsaved text, and takes
/// a paste of several lines as lines of the body, never as commands.
final class NoteEditorView: ModuleView, ModuleRemovalHandling, PasteReceiving, NoteEditorViewing {
    let presenter: any NoteEditorEventHandling  // not private: NoteEditorView+Restoration.swift reaches it
    private var model = NoteEditorViewModel()

    init(presenter: any NoteEditorEventHandling) {
        self.presenter = presenter
    }

    var title: String { "Note" }

    var commands: [CommandSpec] {
        [
            CommandSpec("title", arguments: ["TEXT..."], help: "Set the title"),
            CommandSpec("body", arguments: ["TEXT..."], help: "Replace the body with TEXT"),
            CommandSpec("add", arguments: ["TEXT..."], help: "Add TEXT as a new line of the body"),
            CommandSpec("editor", help: "Write the body in your editor ($VISUAL or $EDITOR); it comes back unsaved"),
            CommandSpec("save", help: "Save the note and close the editor"),
            CommandSpec("cancel", help: "Close the editor without saving (asks first when something is unsaved)"),
            CommandSpec("close", help: "The same as 'cancel'"),
        ]
    }

    func didUpdate(_ model: NoteEditorViewModel) {
        self.model = model
    }

    func render(on screen: any Screen) {
        screen.heading(model.heading)
        if let error = model.error {
            screen.error(error)
        }
        screen.fields([Field("Title", model.title)])
        if model.bodyLines.isEmpty {
            screen.empty("The body is empty: type 'add TEXT' to write a line.")
        } else {
            for line in model.bodyLines {
                screen.text(line)
            }
        }
        if let hint = model.unsavedHint {
            screen.text(hint)
        }
    }

    var unsavedWork: String? {
        presenter.unsavedWork
    }

    func moduleWasRemovedByUser() {
        presenter.didLeaveWithoutSaving()
    }

    func receivePaste(_ lines: [String]) throws {
        presenter.didPasteLines(lines)
    }

    func perform(_ command: CommandInvocation) throws {
        switch command.name {
        case "title": try presenter.didChangeTitle(command.rest)
        case "body": presenter.didChangeBody(command.rest)
        case "add": presenter.didAppendLine(command.rest)
        case "editor": try presenter.didAskForExternalEditor()
        case "save": try presenter.didAskToSave()
        case "cancel", "close": try presenter.didAskToCancel()
        default: throw CommandError("'\(command.name)' is not a command of the note editor; type 'help' for the list")
        }
    }
}
