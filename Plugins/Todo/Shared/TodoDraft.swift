import Contracts

/// What an add or edit form holds before `save`: plain values the Interactor read.
struct TodoDraft: Equatable {
    var name = ""
    /// nil for no date.
    var due: DueDay?
    var priority: TodoPriority?
    var recurrence: TodoRecurrence?
}

/// The fields of a form that refused what was typed, with what that was, so `save` never stores
/// an item the user did not mean (a refused `due someday` must not save it due today). Kept by
/// the add and edit Presenters; a field typed again correctly is cleared.
struct RefusedFields: Equatable {
    private(set) var entries: [(command: String, typed: String)] = []

    static func == (lhs: RefusedFields, rhs: RefusedFields) -> Bool {
        lhs.entries.map(\.command) == rhs.entries.map(\.command) && lhs.entries.map(\.typed) == rhs.entries.map(\.typed)
    }

    mutating func refuse(_ command: String, typed: String) {
        clear(command)
        entries.append((command, typed))
    }

    mutating func clear(_ command: String) {
        entries.removeAll { $0.command == command }
    }

    /// The error `save` throws while a field is refused; nil when none is.
    var saveError: CommandError? {
        guard let first = entries.first else { return nil }
        let list = entries.map { "'\($0.command) \($0.typed)'" }.joined(separator: " and ")
        return CommandError("not saved: \(list) was refused; type '\(first.command)' again with a value it takes (or 'cancel'), then 'save'")
    }

    /// Runs `read` for field `command` typed as `text`: remembers a refusal and throws it on.
    mutating func reading<T>(_ command: String, _ text: String, _ read: () throws -> T) throws -> T {
        do {
            let value = try read()
            clear(command)
            return value
        } catch {
            refuse(command, typed: text.trimmingCharacters(in: .whitespaces))
            throw error
        }
    }
}
