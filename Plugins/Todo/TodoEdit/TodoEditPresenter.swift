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
    var priority: TodoPriority?
    var recurrence: TodoRecurrence?
    /// Fields whose last value was refused: `save` refuses too until they are typed again.
    var refused = RefusedFields()
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
        priority = item.priority
        recurrence = item.recurrence
        refused = RefusedFields()
        error = nil
        refresh()
    }

    func change(fields: String) {
        let entry = interactor.doReadQuickEntry(fields)
        if !entry.name.isEmpty { name = TodoFormRules.name(entry.name, changing: name) }
        if let due = entry.due { self.due = due }
        if let priority = entry.priority { self.priority = priority }
        if let recurrence = entry.recurrence { self.recurrence = recurrence }
        for problem in entry.problems {
            refused.refuse(problem.command, typed: problem.typed)
        }
        error = entry.problems.isEmpty ? nil : entry.problems.map(\.message).joined(separator: "; ")
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
        due = try refused.reading("due", text) { try interactor.doParseDueDate(text) }
        if refused.saveError == nil { error = nil }
        refresh()
    }

    func didEnterPriority(_ text: String) throws {
        priority = try refused.reading("pri", text) { try interactor.doReadPriority(text) }
        if refused.saveError == nil { error = nil }
        refresh()
    }

    func didEnterRepeat(_ text: String) throws {
        (recurrence, due) = try refused.reading("every", text) { try interactor.doReadRepeat(text, due: due) }
        if refused.saveError == nil { error = nil }
        refresh()
    }

    func didAskToSave() throws {
        guard let original else { throw CommandError("there is no item to save; open one with 'edit ID' from a to-do list") }
        if let refusal = refused.saveError { throw refusal }
        interactor.doSave(id: original.id, TodoDraft(name: name, due: due, priority: priority, recurrence: recurrence))
    }

    func didAskToCancel() {
        router.close()
    }

    func saveAtOnce() throws {
        do {
            // What did not read is said as it was refused; nothing is saved.
            if let error, refused.saveError != nil { throw CommandError("nothing changed: \(error)") }
            try didAskToSave()
        } catch {
            // Nothing was saved: the list stays as it was, with the one line saying why.
            router.close()
            throw error
        }
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
        if due?.day != original.due?.day || due?.time != original.due?.time {
            parts.append("due date (was \(original.due.map { "\($0.day)" + ($0.time.map { " " + TodoFormat.time($0) } ?? "") } ?? "none"))")
        }
        if priority != original.priority { parts.append("priority (was \(original.priority?.rawValue ?? "none"))") }
        if recurrence != original.recurrence { parts.append("repeat (was \(original.recurrence?.description ?? "none"))") }
        return parts
    }

    func refresh() {
        var model = TodoEditViewModel()
        model.name = name
        model.due = original == nil ? "" : due.map(TodoFormat.label) ?? "(no date)"
        model.priority = priority.map(TodoFormat.priorityLabel)
        model.repeats = recurrence?.description
        model.unsaved = unsavedParts()
        model.error = error
        view?.didUpdate(model)
    }
}
