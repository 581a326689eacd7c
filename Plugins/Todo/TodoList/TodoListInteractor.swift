import Contracts

/// Finds the items due from today through the end of next week and sorts each into
/// today, tomorrow, later this week or next week, from the injected clock.
final class TodoListInteractor: TodoListInteracting {
    weak var output: (any TodoListInteractorOutput)?
    private let store: any TodoStore
    private let clock: any Clock
    private let logger: any Logger

    init(store: any TodoStore, clock: any Clock, logger: any Logger) {
        self.store = store
        self.clock = clock
        self.logger = logger
    }

    func doFindUpcomingItems() {
        let calendar = DayCalendar(timeZoneIdentifier: clock.timeZoneIdentifier)
        let today = calendar.today(clock)
        let endOfNextWeek = calendar.endOfNextWeek(after: today)
        do {
            let items = try store.items(from: today, through: endOfNextWeek)
            output?.handleUpcomingItems(items.compactMap { item in
                Self.relation(of: item.due, today: today, calendar: calendar).map { relation in
                    UpcomingItem(id: item.id, title: item.name, dueDate: item.due,
                                 weekday: calendar.weekdayName(of: item.due), relation: relation)
                }
            })
        } catch {
            fail("cannot read to-do items: \(error)")
        }
    }

    func doCompleteItem(id: Int64) {
        do {
            try store.remove(id: id)
        } catch {
            fail("cannot mark the item done: \(error)")
            return
        }
        doFindUpcomingItems()
    }

    /// Where `due` falls relative to `today`; nil when it is before today or after next week.
    static func relation(of due: CalendarDay, today: CalendarDay, calendar: DayCalendar) -> NearTermDateRelation? {
        if due == today { return .today }
        if due == calendar.adding(1, to: today) { return .tomorrow }
        if due > today, due <= calendar.endOfWeek(containing: today) { return .laterThisWeek }
        if due > today, due <= calendar.endOfNextWeek(after: today) { return .nextWeek }
        return nil
    }

    private func fail(_ message: String) {
        logger.log(.error, message, source: "todo")
        output?.handleFailure(message)
    }
}
