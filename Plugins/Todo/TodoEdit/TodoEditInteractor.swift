import Contracts

/// Reads a new due date relative to the injected clock and stores the changed item.
final class TodoEditInteractor: TodoEditInteracting {
    weak var output: (any TodoEditInteractorOutput)?
    private let store: any TodoStore
    private let clock: any Clock

    init(store: any TodoStore, clock: any Clock) {
        self.store = store
        self.clock = clock
    }

    func doParseDueDate(_ text: String) throws -> DueDay {
        try DueDateReader(clock: clock).read(text)
    }

    func doDescribe(_ day: CalendarDay) -> DueDay {
        DueDateReader(clock: clock).dueDay(day)
    }

    func doSave(id: Int64, name: String, due: CalendarDay) {
        do {
            output?.handleItemSaved(try store.update(id: id, name: name, due: due))
        } catch {
            output?.handleFailure("cannot save the changes: \(error)")
        }
    }
}
