import Contracts
import Foundation

/// Reads due dates relative to the injected clock (``DueDateReader``, in the locale's
/// date order) and stores new items through the data manager, each with a name and a due
/// day or none.
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

    func doSave(name: String, due: DueDay?) throws {
        guard !name.isEmpty else { throw CommandError("the item has no name yet; type 'name TEXT' first") }
        let record: TodoRecord
        do {
            record = try data.add(name: name, due: due?.day)
        } catch let error as CommandError {
            throw error
        } catch {
            output?.handleFailure("cannot save the item: \(error)")
            return
        }
        output?.handleItemSaved(TodoSummary(id: record.id, title: record.name, due: due))
    }
}
