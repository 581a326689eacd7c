import Contracts

/// The item editor module's input. It is the plugin's own contract (no other plugin
/// opens it), so it lives here rather than in Contracts.
///
///     try router.present(TodoItemEditing.self) { editor in
///         editor.output = self
///         editor.edit(item)
///     }
protocol TodoItemEditing: AnyObject {
    /// Who hears about the save (held weakly).
    var output: (any TodoItemEditingOutput)? { get set }
    /// The stored item to change.
    func edit(_ item: TodoItem)
}

/// What the editor tells the module that opened it.
protocol TodoItemEditingOutput: AnyObject {
    /// `item` was stored with its changes; the editor has closed.
    func todoEditorDidSave(_ item: TodoItem)
}

/// Presenter → View: what to draw.
protocol TodoEditViewing: AnyObject {
    func didUpdate(_ model: TodoEditViewModel)
}

/// View → Presenter: what the user did.
protocol TodoEditEventHandling: AnyObject {
    func didEnterName(_ name: String) throws
    func didEnterDueDate(_ text: String) throws
    func didAskToSave() throws
    func didAskToCancel()
    /// What leaving now would lose, e.g. "the name (was 'Buy milk')"; nil when nothing changed.
    var unsavedWork: String? { get }
}

/// Presenter → Interactor: the use cases.
protocol TodoEditInteracting: AnyObject {
    /// Reads what the user typed as a due day; throws a ``CommandError`` that says what is accepted.
    func doParseDueDate(_ text: String) throws -> DueDay
    /// How the stored due day reads today (it may be overdue).
    func doDescribe(_ day: CalendarDay) -> DueDay
    func doSave(id: Int64, name: String, due: CalendarDay)
    /// The stored item `id`, for an editor opened by its route (`todo/:id`); throws a
    /// ``CommandError`` that says there is no such item and where to find one.
    func doFindItem(id: Int64) throws -> TodoItem
}

/// Interactor → Presenter: the results.
protocol TodoEditInteractorOutput: AnyObject {
    func handleItemSaved(_ item: TodoItem)
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
    /// e.g. "Unsaved: name (was 'Buy milk')"; nil when nothing changed.
    var unsaved: [String] = []
    var error: String?
}
