import Contracts

/// Holds the item being changed and what the user typed, says what is not saved
/// yet, saves, closes, and tells its output.
final class TodoEditPresenter: TodoItemEditing, TodoEditEventHandling, TodoEditInteractorOutput {
    weak var view: (any TodoEditViewing)?
    weak var output: (any TodoItemEditingOutput)?
    let interactor: any TodoEditInteracting
    private let router: any TodoEditRouting
    // Not private: the restoration extension (+Restoration.swift) keeps and restores it.
    var original: TodoSummary?
    var name = ""
    var due: DueDay?
    private var error: String?

    init(interactor: any TodoEditInteracting, router: any TodoEditRouting) {
        self.interactor = interactor
        self.router = router
    }

    // MARK: TodoItemEditing

    /// Edits the stored item with id `itemID` (from a list, or the route `todo/:id`); throws,
    /// so the editor does not open, when there is no such item.
    func edit(itemID: Int64) throws {
        let item = try interactor.doFindItem(id: itemID)
        original = item
        name = item.title
        due = item.due
        error = nil
        refresh()
    }

    // MARK: TodoEditEventHandling

    var unsavedWork: String? {
        let parts = unsavedParts()
        return parts.isEmpty ? nil : "the " + parts.joined(separator: " and the ")
    }

    func didEnterName(_ name: String) throws {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw CommandError("give the item a name, e.g. 'name Buy milk'") }
        self.name = trimmed
        refresh()
    }

    func didEnterDueDate(_ text: String) throws {
        due = try interactor.doParseDueDate(text)
        refresh()
    }

    func didAskToSave() throws {
        guard let original else { throw CommandError("there is no item to save; open one with 'edit ID' from a to-do list") }
        interactor.doSave(id: original.id, name: name, due: due?.day)
    }

    func didAskToCancel() {
        router.close()
    }

    // MARK: TodoEditInteractorOutput

    func handleItemSaved(_ item: TodoSummary) {
        let output = self.output
        router.close()
        output?.todoEditorDidSave(item)
    }

    func handleFailure(_ message: String) {
        error = message
        refresh()
    }

    // MARK: Private

    /// What differs from the stored item, e.g. "name (was 'Buy milk')".
    private func unsavedParts() -> [String] {
        guard let original else { return [] }
        var parts: [String] = []
        if name != original.title { parts.append("name (was '\(original.title)')") }
        if due?.day != original.due?.day { parts.append("due date (was \(original.due.map { "\($0.day)" } ?? "none"))") }
        return parts
    }

    func refresh() {
        var model = TodoEditViewModel()
        model.name = name
        model.due = original == nil ? "" : due.map(TodoFormat.label) ?? "(no date)"
        model.unsaved = unsavedParts()
        model.error = error
        view?.didUpdate(model)
    }
}
