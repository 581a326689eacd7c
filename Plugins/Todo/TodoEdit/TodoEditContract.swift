import Contracts

/// The item editor module's input. It is the plugin's own contract (no other plugin
/// opens it), so it lives here rather than in Contracts.
///
///     try router.present(TodoItemEditing.self) { editor in
///         editor.output = self
///         try editor.edit(itemID: 12)
///     }
protocol TodoItemEditing: AnyObject {
    /// Who hears about the save (held weakly).
    var output: (any TodoItemEditingOutput)? { get set }
    /// Edits stored item `itemID` (its stable id); throws a ``CommandError`` when there is none.
    func edit(itemID: Int64) throws
    /// Fills in `due:`, `pri:` and `every:` words (taskwarrior's `modify`); other words are
    /// the new name. A value that does not read is shown and refused, so `save` waits for it.
    func change(fields: String)
    /// Saves what ``change(fields:)`` filled in and closes (taskwarrior's `modify`, from a list);
    /// when a field was refused it closes unsaved and throws that field's ``CommandError``.
    func saveAtOnce() throws
}

/// What the editor tells the module that opened it.
protocol TodoItemEditingOutput: AnyObject {
    /// `item` was stored with its changes; the editor has closed.
    func todoEditorDidSave(_ item: TodoSummary)
}

/// Presenter → View: what to draw.
protocol TodoEditViewing: AnyObject {
    func didUpdate(_ model: TodoEditViewModel)
}

/// View → Presenter: what the user did.
protocol TodoEditEventHandling: AnyObject {
    func didEnterName(_ name: String) throws
    func didEnterDueDate(_ text: String) throws
    func didEnterPriority(_ text: String) throws
    func didEnterRepeat(_ text: String) throws
    func didAskToSave() throws
    func didAskToCancel()
    /// What leaving now would lose, e.g. "the name (was 'Buy milk')"; nil when nothing changed.
    var unsavedWork: String? { get }
}

/// Presenter → Interactor: the use cases.
protocol TodoEditInteracting: AnyObject {
    /// Reads what the user typed as a due day (nil for `none`); throws a ``CommandError`` that says what is accepted.
    func doParseDueDate(_ text: String) throws -> DueDay?
    /// Reads `pri H|M|L|none`; a ``CommandError`` that says what is accepted.
    func doReadPriority(_ text: String) throws -> TodoPriority?
    /// Reads `due:friday pri:H every:week` words (``TodoQuickEntry``).
    func doReadQuickEntry(_ text: String) -> TodoQuickEntry
    /// Reads `every ...` and the due day the repeat needs (``TodoFormRules/recurrence(_:due:reader:)``).
    func doReadRepeat(_ text: String, due: DueDay?) throws -> (TodoRecurrence?, DueDay?)
    /// Stores `draft` over item `id` (its notes and done time kept); a failure goes to the output.
    func doSave(id: Int64, _ draft: TodoDraft)
    /// The stored item `id` as plain values (its day as it reads today, maybe overdue); throws
    /// a ``CommandError`` that says there is no such item and where to find one.
    func doFindItem(id: Int64) throws -> TodoSummary
}

/// Interactor → Presenter: the results.
protocol TodoEditInteractorOutput: AnyObject {
    func handleItemSaved(_ item: TodoSummary)
    func handleFailure(_ message: String)
}

/// Presenter → Router.
protocol TodoEditRouting: AnyObject {
    func close()
}

/// What the view draws: display strings only.
struct TodoEditViewModel: Equatable {
    var name = ""
    var due = ""
    /// nil while not set (the field is not drawn).
    var priority: String?
    var repeats: String?
    /// e.g. "Unsaved: name (was 'Buy milk')"; nil when nothing changed.
    var unsaved: [String] = []
    var error: String?
}
