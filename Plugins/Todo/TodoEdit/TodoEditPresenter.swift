import Contracts

/// Holds the item being changed and what the user typed, says what is not saved
/// yet, saves, closes, and tells its output.
final class TodoEditPresenter: TodoItemEditing, TodoEditEventHandling, TodoEditInteractorOutput {
    weak var view: (any TodoEditViewing)?
    weak var output: (any TodoItemEditingOutput)?
    let interactor: any TodoEditInteracting
    private let router: any TodoEditRouting
    // Not private: the restoration extension (+Restoration.swift) keeps and restores it.
    var original: TodoItem?
    var name = ""
    var due: DueDay?
    private var error: String?

    init(interactor: any TodoEditInteracting, router: any TodoEditRouting) {
        self.interactor = interactor
        self.router = router
    }

    // MARK: TodoItemEditing

    func edit(_ item: TodoItem) {
        original = item
        name = item.name
        due = interactor.doDescribe(item.due)
        error = nil
        refresh()
    }

    /// Edits the stored item the route names (`todo/:id`); throws, so the route does not
    /// open, when there is no such item.
    func edit(itemID: Int64) throws {
        edit(try interactor.doFindItem(id: itemID))
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
        guard let original, let due else { throw CommandError("there is no item to save; open one with 'edit N' from a to-do list") }
        interactor.doSave(id: original.id, name: name, due: due.day)
    }

    func didAskToCancel() {
        router.close()
    }

    // MARK: TodoEditInteractorOutput

    func handleItemSaved(_ item: TodoItem) {
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
        if name != original.name { parts.append("name (was '\(original.name)')") }
        if let due, due.day != original.due { parts.append("due date (was \(original.due))") }
        return parts
    }

    func refresh() {
        var model = TodoEditViewModel()
        model.name = name
        model.due = due.map(TodoFormat.label) ?? ""
        model.unsaved = unsavedParts()
        model.error = error
        view?.didUpdate(model)
    }
}
