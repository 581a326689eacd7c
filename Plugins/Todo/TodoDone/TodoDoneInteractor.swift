import Contracts

/// Reads the finished items, the most recently finished first, with the day each was done
/// (from the injected clock's time zone); `reopen`, `delete` and `undo` go through the data manager.
final class TodoDoneInteractor: TodoDoneInteracting, TodoItemChanging {
    weak var output: (any TodoDoneInteractorOutput)?
    private let data: TodoDataManager
    private let clock: any Clock

    init(data: TodoDataManager, clock: any Clock) {
        self.data = data
        self.clock = clock
    }

    func doFindFinishedItems() {
        let calendar = DayCalendar(timeZoneIdentifier: clock.timeZoneIdentifier)
        do {
            output?.handleFinishedItems(try data.doneItems().map { record in
                let day = calendar.day(at: record.doneAt ?? 0)
                return FinishedItem(id: record.id, title: record.name, doneOn: day, doneWeekday: calendar.isoWeekday(of: day), due: record.due)
            })
        } catch {
            output?.handleFailure("cannot read the finished items: \(error)")
        }
    }

    func doFindItems(ids: [Int64]) -> [TodoSummary]? {
        TodoActions(data: data, reader: DueDateReader(clock: clock)).summaries(ids: ids)
    }

    func perform(_ action: (TodoActions) throws -> TodoChange) throws {
        let change = try action(TodoActions(data: data, reader: DueDateReader(clock: clock)))
        output?.handleChange(change)
        doFindFinishedItems()
    }
}
