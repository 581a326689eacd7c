import Contracts

/// The commands every to-do list shares (`done`, `delete`, `reopen`, `undo` on an item's id),
/// as Interactor logic on the data manager: each returns the change for the Presenter to say,
/// in plain values.
struct TodoActions {
    let data: TodoDataManager
    let reader: DueDateReader

    func complete(id: Int64) throws -> TodoChange {
        .done(summary(try data.complete(id: id)))
    }

    func delete(id: Int64) throws -> TodoChange {
        .deleted(summary(try data.delete(id: id)))
    }

    func reopen(id: Int64) throws -> TodoChange {
        .reopened(summary(try data.reopen(id: id)))
    }

    func undo() throws -> TodoChange {
        guard let undone = try data.undo() else { return .nothingToUndo }
        return .restored(summary(undone.record), after: undone.verb)
    }

    /// The plain values of `record` for a Presenter.
    func summary(_ record: TodoRecord) -> TodoSummary {
        TodoSummary(id: record.id, title: record.name, due: record.due.map(reader.dueDay))
    }
}
