import Contracts

/// The events every to-do list's Presenter takes on items named by id (View → Presenter).
protocol TodoItemEventHandling: AnyObject {
    func didComplete(ids: [Int64]) throws
    func didAskToDelete(ids: [Int64]) throws
    func didAskToReopen(ids: [Int64]) throws
    func didAskToSetPriority(_ priority: TodoPriority?, ids: [Int64]) throws
    func didAskToAnnotate(id: Int64, text: String) throws
    func didAskToUndo() throws
    /// What to ask before `delete` of items `ids` at a terminal; nil when one is not there.
    func questionBeforeDeleting(ids: [Int64]) -> String?
}

/// The item commands the upcoming and all-items lists share, and how a view reads them
/// (View-side: words to events; the rules are the Interactors').
enum TodoItemCommands {
    static let specs: [CommandSpec] = [
        CommandSpec("done", arguments: ["ID..."], help: "Mark items done: 'done 3', 'done 1 6 9', 'done 1-3' (a repeating item gets its next one; 'undo' takes it back)"),
        CommandSpec("delete", arguments: ["ID..."], help: "Delete items ('undo' brings them back)"),
        CommandSpec("reopen", arguments: ["ID..."], help: "Put finished items back on the list"),
        CommandSpec("pri", arguments: ["ID", "PRIORITY..."], help: "Set the priority (H, M, L or none) of items: 'pri 3 H', 'pri 1 6 9 M', 'pri 1-3 none'; higher ones sort first"),
        CommandSpec("note", arguments: ["ID", "TEXT..."], help: "Add a dated note to item ID, shown under it ('undo' takes it back)"),
        CommandSpec("undo", help: "Take back the last change, one more each time (even after a restart)"),
    ]

    /// The question `delete` asks at a terminal (``CommandConfirming``); nil for other commands
    /// and for ids that do not read or are not there (the command then fails with its line).
    static func confirmation(for command: CommandInvocation, on handler: any TodoItemEventHandling) -> String? {
        guard command.name == "delete", let ids = try? command.todoIDs() else { return nil }
        return handler.questionBeforeDeleting(ids: ids)
    }

    /// Runs `command` on `handler` when it is one of ``specs``; false when it is not.
    static func perform(_ command: CommandInvocation, on handler: any TodoItemEventHandling) throws -> Bool {
        switch command.name {
        case "done": try handler.didComplete(ids: try command.todoIDs())
        case "delete": try handler.didAskToDelete(ids: try command.todoIDs())
        case "reopen": try handler.didAskToReopen(ids: try command.todoIDs())
        case "pri":
            guard let last = command.arguments.last, command.arguments.count >= 2 else {
                throw CommandError("pri needs item ids and a priority, e.g. 'pri 3 H' or 'pri 1 6 none'")
            }
            guard let priority = TodoPriority.read(last) else {
                throw CommandError("'\(last)' is not a priority; \(TodoPriority.accepted), after the ids, e.g. 'pri 3 H'")
            }
            try handler.didAskToSetPriority(priority, ids: try command.todoIDs(Array(command.arguments.dropLast())))
        case "note":
            let id = try command.todoID()
            try handler.didAskToAnnotate(id: id, text: command.arguments.dropFirst().joined(separator: " "))
        case "undo": try handler.didAskToUndo()
        default: return false
        }
        return true
    }
}
