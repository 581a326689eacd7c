import Contracts
import Foundation

/// Reads due dates relative to the injected clock (``DueDateReader``, in the locale's
/// date order) and stores new items through the data manager, each with a name and a due
/// day or none, and maybe a time, a priority and a repeat.
final class TodoAddInteractor: TodoAddInteracting {
    weak var output: (any TodoAddInteractorOutput)?
    private let data: TodoDataManager
    private let clock: any Clock
    private let order: DateOrder

    init(data: TodoDataManager, clock: any Clock, order: DateOrder = .dayMonthYear) {
        self.data = data
        self.clock = clock
        self.order = order
    }

    static let accepted = DueDateReader.accepted

    func doParseDueDate(_ text: String) throws -> DueDay? {
        try DueDateReader(clock: clock, order: order).read(text)
    }

    func doFindDefaultDueDate() -> DueDay {
        let reader = DueDateReader(clock: clock)
        return reader.dueDay(reader.today)
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

    func doSave(_ draft: TodoDraft) throws {
        let name = draft.name
        let due = draft.due
        guard !name.isEmpty else { throw CommandError("the item has no name yet; type 'name TEXT' first") }
        let record: TodoRecord
        do {
            record = try data.add(TodoRecord(id: 0, name: name, due: due?.day, time: due?.time, priority: draft.priority,
                                             recurrence: draft.recurrence))
        } catch let error as CommandError {
            throw error
        } catch {
            output?.handleFailure("cannot save the item: \(error)")
            return
        }
        output?.handleItemSaved(TodoSummary(id: record.id, title: record.name, due: due, priority: record.priority,
                                            recurrence: record.recurrence))
    }
}
