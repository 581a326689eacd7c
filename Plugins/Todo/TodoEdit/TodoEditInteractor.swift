import Contracts

/// Reads a new due date relative to the injected clock (in the locale's date order) and
/// stores the changed item through the data manager.
final class TodoEditInteractor: TodoEditInteracting {
    weak var output: (any TodoEditInteractorOutput)?
    private let data: TodoDataManager
    private let clock: any Clock
    private let order: DateOrder

    init(data: TodoDataManager, clock: any Clock, order: DateOrder = .dayMonthYear) {
        self.data = data
        self.clock = clock
        self.order = order
    }

    func doParseDueDate(_ text: String) throws -> DueDay? {
        try DueDateReader(clock: clock, order: order).read(text)
    }

    func doFindItem(id: Int64) throws -> TodoSummary {
        let record: TodoRecord
        do {
            record = try data.item(id: id)
        } catch let error as CommandError {
            throw error
        } catch {
            throw CommandError("cannot read the to-do items: \(error)")
        }
        return summary(record)
    }

    func doReadPriority(_ text: String) throws -> TodoPriority? {
        try TodoFormRules.priority(text)
    }

    func doReadQuickEntry(_ text: String) -> TodoQuickEntry {
        TodoFormRules.quickEntry(text, reader: DueDateReader(clock: clock, order: order))
    }

    func doReadRepeat(_ text: String, due: DueDay?) throws -> (TodoRecurrence?, DueDay?) {
        try TodoFormRules.recurrence(text, due: due, reader: DueDateReader(clock: clock, order: order))
    }

    func doSave(id: Int64, _ draft: TodoDraft) {
        do {
            var record = try data.item(id: id)
            record.name = draft.name
            record.due = draft.due?.day
            record.time = draft.due?.time
            record.priority = draft.priority
            record.recurrence = draft.recurrence
            let saved = try data.change(record)
            output?.handleItemSaved(summary(saved))
        } catch {
            output?.handleFailure("cannot save the changes: \(error)")
        }
    }

    private func summary(_ record: TodoRecord) -> TodoSummary {
        TodoSummary(id: record.id, title: record.name, due: record.due.map { DueDateReader(clock: clock).dueDay($0, time: record.time) },
                    priority: record.priority, recurrence: record.recurrence)
    }
}
