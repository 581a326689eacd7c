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

    func doFindItem(id: Int64) throws -> TodoItem {
        let items: [TodoItem]
        do {
            // Every item, overdue ones too: the store has no lookup by id.
            items = try store.items(from: CalendarDay(year: 1, month: 1, day: 1), through: CalendarDay(year: 9999, month: 12, day: 31))
        } catch {
            throw CommandError("cannot read the to-do items: \(error)")
        }
        guard let item = items.first(where: { $0.id == id }) else {
            throw CommandError("no item \(id); 'open todo/all' lists every item, and 'edit N' opens one")
        }
        return item
    }

    func doSave(id: Int64, name: String, due: CalendarDay) {
        do {
            output?.handleItemSaved(try store.update(id: id, name: name, due: due))
        } catch {
            output?.handleFailure("cannot save the changes: \(error)")
        }
    }
}
