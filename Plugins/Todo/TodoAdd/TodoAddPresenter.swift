import Contracts
import Foundation

/// Collects a name and a due date, saves them, closes, and tells its output (the
/// to-do app's add module delegate).
final class TodoAddPresenter: TodoAdding, TodoAddEventHandling, TodoAddInteractorOutput {
    weak var view: (any TodoAddViewing)?
    weak var output: (any TodoAddingOutput)?
    let interactor: any TodoAddInteracting
    private let router: any TodoAddRouting
    // Not private: the restoration extension (+Restoration.swift) keeps and restores it.
    var name = ""
    var due: DueDay?
    var priority: TodoPriority?
    var recurrence: TodoRecurrence?
    /// Fields whose last value was refused: `save` refuses too until they are typed again.
    var refused = RefusedFields()
    private var error: String?

    init(interactor: any TodoAddInteracting, router: any TodoAddRouting) {
        self.interactor = interactor
        self.router = router
    }

    /// Fills in the default due date (today); the Builder calls it once.
    func start() {
        due = interactor.doFindDefaultDueDate()
        refresh()
    }

    // MARK: TodoAdding

    /// Fills in the name; `due:`, `pri:` and `every:` words in it (taskwarrior's) fill in
    /// those fields, and one that does not read is refused, shown on the form.
    func prefill(name: String) {
        let entry = interactor.doReadQuickEntry(name.trimmingCharacters(in: .whitespaces))
        self.name = entry.name
        if let due = entry.due { self.due = due }
        if let priority = entry.priority { self.priority = priority }
        if let recurrence = entry.recurrence { self.recurrence = recurrence }
        for problem in entry.problems {
            refused.refuse(problem.command, typed: problem.typed)
        }
        error = entry.problems.isEmpty ? nil : entry.problems.map(\.message).joined(separator: "; ")
        refresh()
    }

    // MARK: TodoAddEventHandling

    func didEnterName(_ name: String) throws {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw CommandError("give the item a name, e.g. 'name Buy milk'") }
        self.name = trimmed
        refresh()
    }

    func didEnterDueDate(_ text: String) throws {
        due = try refused.reading("due", text) { try interactor.doParseDueDate(text) }
        clearErrorWhenNothingIsRefused()
        refresh()
    }

    func didEnterPriority(_ text: String) throws {
        priority = try refused.reading("pri", text) { try interactor.doReadPriority(text) }
        clearErrorWhenNothingIsRefused()
        refresh()
    }

    func didEnterRepeat(_ text: String) throws {
        (recurrence, due) = try refused.reading("every", text) { try interactor.doReadRepeat(text, due: due) }
        clearErrorWhenNothingIsRefused()
        refresh()
    }

    /// The line about words of `add` that did not read goes once they are typed again.
    private func clearErrorWhenNothingIsRefused() {
        if refused.saveError == nil { error = nil }
    }

    func didAskToSave() throws {
        if let refusal = refused.saveError { throw refusal }
        if due == nil, let output, !(output is any TodoAddedItemOutput) {
            throw CommandError("the module that opened this form needs a due date; type 'due WHEN' (e.g. 'due tomorrow')")
        }
        try interactor.doSave(TodoDraft(name: name, due: due, priority: priority, recurrence: recurrence))
    }

    func didAskToCancel() {
        let output = self.output
        router.close()
        output?.todoAdderDidCancel()
    }

    func didLeaveWithoutAdding() {
        output?.todoAdderDidCancel()
    }

    // MARK: TodoAddInteractorOutput

    func handleItemSaved(_ item: TodoSummary) {
        let output = self.output
        router.close()
        if let own = output as? any TodoAddedItemOutput {
            own.todoAdderDidAdd(item, dueText: item.due.map { "for \($0.day)" + ($0.time.map { " " + TodoFormat.time($0) } ?? "") } ?? "without a date")
        } else if let due = item.due {
            output?.todoAdderDidAdd(TodoItem(id: item.id, name: item.title, due: due.day))
        }
    }

    func handleFailure(_ message: String) {
        error = message
        refresh()
    }

    // MARK: Private

    func refresh() {
        var model = TodoAddViewModel()
        if !name.isEmpty { model.name = name }
        model.due = due.map(TodoFormat.label) ?? "(no date)"
        model.priority = priority.map(TodoFormat.priorityLabel)
        model.repeats = recurrence?.description
        model.error = error
        view?.didUpdate(model)
    }
}
