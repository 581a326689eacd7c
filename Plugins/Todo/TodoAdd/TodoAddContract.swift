import Contracts

/// Presenter → View: what to draw.
protocol TodoAddViewing: AnyObject {
    func didUpdate(_ model: TodoAddViewModel)
}

/// View → Presenter: what the user did.
protocol TodoAddEventHandling: AnyObject {
    func didEnterName(_ name: String) throws
    func didEnterDueDate(_ text: String) throws
    func didEnterPriority(_ text: String) throws
    func didEnterRepeat(_ text: String) throws
    func didAskToSave() throws
    func didAskToCancel()
    /// The shell removed the form (`close`, `dismiss`, ...): tell the output, as `cancel` would.
    func didLeaveWithoutAdding()
}

/// Presenter → Interactor: the use cases.
protocol TodoAddInteracting: AnyObject {
    /// Reads what the user typed as a due day (nil for `none`); throws a ``CommandError`` that says what is accepted.
    func doParseDueDate(_ text: String) throws -> DueDay?
    /// Today, which a new item is due on until the user says otherwise.
    func doFindDefaultDueDate() -> DueDay
    /// Reads `pri H|M|L|none`; a ``CommandError`` that says what is accepted.
    func doReadPriority(_ text: String) throws -> TodoPriority?
    /// Reads `Buy milk due:tomorrow pri:H every:week` into a name and fields (``TodoQuickEntry``).
    func doReadQuickEntry(_ text: String) -> TodoQuickEntry
    /// Reads `every ...` and the due day the repeat needs (``TodoFormRules/recurrence(_:due:reader:)``).
    func doReadRepeat(_ text: String, due: DueDay?) throws -> (TodoRecurrence?, DueDay?)
    /// Stores a new item; `due` nil is an item without a date. Without a name it throws a
    /// ``CommandError`` saying what to type; a store failure goes to the output.
    func doSave(_ draft: TodoDraft) throws
}

extension TodoAddInteracting {
    /// Stores a new item with a name and a day only.
    func doSave(name: String, due: DueDay?) throws {
        try doSave(TodoDraft(name: name, due: due))
    }
}

/// Interactor → Presenter: the results.
protocol TodoAddInteractorOutput: AnyObject {
    func handleItemSaved(_ item: TodoSummary)
    func handleFailure(_ message: String)
}

/// Presenter → Router.
protocol TodoAddRouting: AnyObject {
    func close()
}

/// What the view draws: display strings only.
struct TodoAddViewModel: Equatable {
    var name = "(not set: type 'name TEXT')"
    var due = "(not set: type 'due WHEN')"
    /// nil while not set (the field is not drawn).
    var priority: String?
    var repeats: String?
    var error: String?
}

/// What the add form tells an opener of this plugin, which can take an item without a date:
/// plain values rather than the contract's ``TodoItem`` (whose day is required). An opener
/// that only adopts ``TodoAddingOutput`` is told through it, and `due none` is refused for it.
protocol TodoAddedItemOutput: AnyObject {
    /// `item` was stored; `dueText` says its day ("for 2026-12-01", "without a date").
    func todoAdderDidAdd(_ item: TodoSummary, dueText: String)
}
