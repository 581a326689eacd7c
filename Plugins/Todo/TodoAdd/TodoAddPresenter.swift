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

    func prefill(name: String) {
        self.name = name.trimmingCharacters(in: .whitespaces)
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
        refresh()
    }

    func didEnterPriority(_ text: String) throws {
        priority = try refused.reading("pri", text) { try interactor.doReadPriority(text) }
        refresh()
    }

    func didEnterRepeat(_ text: String) throws {
        (recurrence, due) = try refused.reading("every", text) { try interactor.doReadRepeat(text, due: due) }
        refresh()
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
