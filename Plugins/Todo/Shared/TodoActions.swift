import Contracts

/// The commands every to-do list shares (`done`, `delete`, `reopen`, `pri`, `note`, `undo` on
/// items' ids), as Interactor logic on the data manager: each returns the change for the
/// Presenter to say, in plain values.
struct TodoActions {
    let data: TodoDataManager
    let reader: DueDateReader

    func complete(ids: [Int64]) throws -> TodoChange {
        let result = try data.complete(ids: ids)
        return .done(result.done.map(summary), next: result.next.map(summary))
    }

    func delete(ids: [Int64]) throws -> TodoChange {
        .deleted(try data.delete(ids: ids).map(summary))
    }

    func reopen(ids: [Int64]) throws -> TodoChange {
        .reopened(try data.reopen(ids: ids).map(summary))
    }

    func setPriority(_ priority: TodoPriority?, ids: [Int64]) throws -> TodoChange {
        .prioritized(try data.setPriority(priority, ids: ids).map(summary), priority)
    }

    func annotate(id: Int64, text: String) throws -> TodoChange {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw CommandError("give the note's text, e.g. 'note \(id) called the plumber'") }
        return .noted(summary(try data.annotate(id: id, text: trimmed)), trimmed)
    }

    func undo() throws -> TodoChange {
        guard let undone = try data.undo() else { return .nothingToUndo }
        return .restored(undone.restored.map(summary), removed: undone.removed.map(summary), after: undone.verb)
    }

    /// Items `ids` as plain values; nil when one is not there (the command then says so).
    func summaries(ids: [Int64]) -> [TodoSummary]? {
        (try? data.items(ids: ids))?.map(summary)
    }

    /// The plain values of `record` for a Presenter.
    func summary(_ record: TodoRecord) -> TodoSummary {
        TodoSummary(id: record.id, title: record.name, due: record.due.map { reader.dueDay($0, time: record.time) },
                    priority: record.priority, recurrence: record.recurrence)
    }
}

extension DayCalendar {
    /// `notes` with the day each was written, for a Presenter.
    func noteLines(_ notes: [TodoNote]) -> [TodoNoteLine] {
        notes.map { TodoNoteLine(day: day(at: $0.at), text: $0.text) }
    }
}
