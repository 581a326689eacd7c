import Contracts

/// Draws the notes under the account status line and passes commands to the presenter.
/// Each note is drawn after its id, which every command takes. At a terminal `delete ID` and
/// `trash empty` ask first (``CommandConfirming``); `undo` brings a deleted note back.
final class NoteListView: ModuleView, CommandConfirming, NoteListViewing {
    private let presenter: any NoteListEventHandling
    private var model = NoteListViewModel()
    private var statusLine: (any ModuleView)?

    init(presenter: any NoteListEventHandling) {
        self.presenter = presenter
    }

    var title: String { "Notes" }

    var commands: [CommandSpec] {
        let all = [
            CommandSpec("new", arguments: ["TITLE..."], help: "Write a new note titled TITLE (signs you in first if needed)"),
            CommandSpec("edit", arguments: ["ID"], help: "Edit note ID, the number shown before it (signs you in first if needed)"),
            CommandSpec("show", arguments: ["ID", "--raw?"], help: "Read note ID in full, Markdown drawn for the terminal (--raw: as written), with its tags and links"),
            CommandSpec("follow", arguments: ["TITLE..."], help: "Show the note titled TITLE, as a [[TITLE]] link names it"),
            CommandSpec("delete", arguments: ["ID..."], help: "Move note ID (or several: 'delete 2 5') to the trash (asks first at a terminal; 'undo' brings it back)"),
            CommandSpec("undo", help: "Bring back the note deleted last, even after a restart"),
            CommandSpec("trash", arguments: ["empty?"], help: "List the deleted notes; 'trash empty' deletes them for good (asks first at a terminal)"),
            CommandSpec("restore", arguments: ["ID"], help: "Take note ID out of the trash"),
            CommandSpec("find", arguments: ["WORDS..."], help: "List the notes holding every word (or the start of one), best match first; without WORDS, every note"),
            CommandSpec("tag", arguments: ["NAME?"], help: "List the notes tagged #NAME; without NAME, every note"),
            CommandSpec("tags", help: "List every tag with how many notes have it"),
            CommandSpec("all", help: "Show every note the list matches (it shows the first 100)"),
            CommandSpec("export", arguments: ["DIR"], help: "Write every note to DIR as Markdown, one file each (title as heading, modified time kept)"),
            CommandSpec("import", arguments: ["DIR"], help: "Add a note for each Markdown file of DIR not already there (front matter read; signs you in first if needed)"),
            CommandSpec("login", help: "Sign in to see your notes (each account sees only its own)"),
            CommandSpec("signout", help: "Sign out (and end a sign-in kept with --stay)"),
        ]
        // Signed in, 'login' would do nothing: it is not offered (nor completed, nor run).
        return model.signedIn ? all.filter { $0.name != "login" } : all
    }

    func didUpdate(_ model: NoteListViewModel) {
        self.model = model
    }

    func didEmbed(_ child: any ModuleView) {
        statusLine = child
    }

    func render(on screen: any Screen) {
        if model.asData {
            if let error = model.error {
                screen.error(error)
            } else if let json = model.json {
                screen.text(json)
            }
            return
        }
        if let statusLine {
            screen.embed(statusLine)
        }
        if let searchLine = model.searchLine, model.error == nil, model.tagLines == nil {
            screen.text(searchLine)
        }
        if let error = model.error {
            screen.error(error)
        } else if let tagLines = model.tagLines {
            for line in tagLines { screen.text("  " + line) }
        } else if model.rows.isEmpty {
            screen.empty(model.emptyMessage)
        } else {
            let width = model.rows.map { String($0.id).count }.max() ?? 1
            for row in model.rows {
                let id = String(row.id)
                screen.text("  " + String(repeating: " ", count: width - id.count) + id + ". " + row.text)
            }
        }
        if let more = model.moreLine, model.error == nil, model.tagLines == nil {
            screen.text(more)
        }
        if let shown = model.shown {
            screen.heading(shown.heading)
            screen.fields(shown.fields.map { Field($0.label, $0.value) })
            if shown.lines.isEmpty {
                screen.empty("The body is empty.")
            }
            for line in shown.lines {
                switch line {
                case .heading(let text): screen.heading(text)
                case .text(let text): screen.text(text)
                }
            }
        }
        if let notice = model.notice {
            screen.text(notice)
        }
    }

    func perform(_ command: CommandInvocation) throws {
        switch command.name {
        case "new": try presenter.didAskForNewNote(title: command.rest)
        case "edit": try presenter.didAskToEdit(id: try Self.noteID(command))
        case "delete": try presenter.didAskToDelete(ids: try Self.noteIDs(command))
        case "show":
            if let option = command.arguments.first(where: { $0.hasPrefix("-") && $0 != "--raw" }) {
                throw CommandError("'show' takes --raw and nothing else, not '\(option)'; e.g. 'show 3 --raw' (the note as written)")
            }
            let raw = command.arguments.contains("--raw")
            try presenter.didAskToShow(id: try Self.noteID(command, ignoring: "--raw"), raw: raw)
        case "follow": try presenter.didAskToFollow(title: command.rest)
        case "find": try presenter.didAskToFind(command.rest)
        case "tag": try presenter.didAskForTag(command.rest)
        case "tags": try presenter.didAskForTags()
        case "all": presenter.didAskForEveryNote()
        case "login": try presenter.didAskToSignIn()
        case "signout": presenter.didAskToSignOut()
        case "undo": try presenter.didAskToUndo()
        case "restore": try presenter.didAskToRestore(id: try Self.noteID(command))
        case "trash":
            switch command.rest.trimmingCharacters(in: .whitespaces) {
            case "": try presenter.didAskForTrash()
            case "empty": try presenter.didAskToEmptyTrash()
            case let other: throw CommandError("'trash \(other)' is not a command: 'trash' lists the deleted notes, 'trash empty' deletes them for good")
            }
        case "export": try presenter.didAskToExport(to: command.rest)
        case "import": try presenter.didAskToImport(from: command.rest)
        default: throw CommandError("'\(command.name)' is not a command of Notes; type 'help' for the list")
        }
    }

    func confirmation(for command: CommandInvocation) -> String? {
        switch command.name {
        case "delete": return (try? Self.noteIDs(command)).flatMap { presenter.deleteQuestion(ids: $0) }
        case "trash" where command.rest.trimmingCharacters(in: .whitespaces) == "empty": return presenter.emptyTrashQuestion()
        default: return nil
        }
    }

    func moduleDidAppear() {
        presenter.didAppear()
    }

    /// The note ids a command names, at least one.
    static func noteIDs(_ command: CommandInvocation) throws -> [Int64] {
        let words = command.arguments.isEmpty ? [] : command.rest.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        guard !words.isEmpty else {
            throw CommandError("\(command.name) needs a note's id, the number shown before it, e.g. '\(command.name) 3' (or several: '\(command.name) 3 5')")
        }
        return try words.map { word in
            guard let id = Int64(word), id > 0 else {
                throw CommandError("'\(word)' is not a note id; give the numbers shown before the notes, e.g. '\(command.name) 3 5'")
            }
            return id
        }
    }

    /// The note id a command names: the number shown before the note (it never changes).
    static func noteID(_ command: CommandInvocation, ignoring flag: String? = nil) throws -> Int64 {
        let words = command.arguments.filter { $0 != flag }
        guard let word = words.first else {
            throw CommandError("\(command.name) needs a note's id, the number shown before it, e.g. '\(command.name) 3'")
        }
        guard words.count == 1, let id = Int64(word), id > 0 else {
            throw CommandError("'\(words.joined(separator: " "))' is not a note id; give the number shown before the note, e.g. '\(command.name) 3'")
        }
        return id
    }
}
