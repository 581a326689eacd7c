import Contracts
import Foundation

/// Reads due dates relative to the injected clock (``DueDateReader``) and stores new
/// items, each with a name and a due day.
final class TodoAddInteractor: TodoAddInteracting {
    weak var output: (any TodoAddInteractorOutput)?
    private let store: any TodoStore
    private let clock: any Clock

    init(store: any TodoStore, clock: any Clock) {
        self.store = store
        self.clock = clock
    }

    static let accepted = DueDateReader.accepted

    func doParseDueDate(_ text: String) throws -> DueDay {
        try DueDateReader(clock: clock).read(text)
    }

    func doFindDefaultDueDate() -> DueDay {
        let reader = DueDateReader(clock: clock)
        return reader.dueDay(reader.today)
    }

    func doSave(name: String, due: DueDay?) throws {
        guard !name.isEmpty else { throw CommandError("the item has no name yet; type 'name TEXT' first") }
        guard let due else { throw CommandError("the item has no due date yet; type 'due WHEN' (e.g. 'due tomorrow') first") }
        do {
            output?.handleItemSaved(try store.add(name: name, due: due.day))
        } catch {
            output?.handleFailure("cannot save the item: \(error)")
        }
    }
}
