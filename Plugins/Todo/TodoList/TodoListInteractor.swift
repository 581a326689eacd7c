import Contracts

/// Finds the items that are overdue or due from today through the end of next week,
/// sorts each into overdue, today, tomorrow, later this week or next week from the
/// injected clock and the locale's first weekday, and takes items off the list
/// (`done`, `delete`) with one step of `undo`.
final class TodoListInteractor: TodoListInteracting {
    weak var output: (any TodoListInteractorOutput)?
    private let store: any TodoStore
    private let clock: any Clock
    private let logger: any Logger
    private let firstWeekday: Int
    private let history: UndoHistory
    /// The items of the last read, by id.
    private var known: [Int64: TodoItem] = [:]

    init(store: any TodoStore, clock: any Clock, logger: any Logger,
         firstWeekday: Int = WeekStart.iso, history: UndoHistory = UndoHistory()) {
        self.store = store
        self.clock = clock
        self.logger = logger
        self.firstWeekday = firstWeekday
        self.history = history
    }

    /// The earliest day a store is asked about: every overdue item is on the list.
    static let beginningOfTime = CalendarDay(year: 1, month: 1, day: 1)

    func doFindUpcomingItems() {
        let calendar = DayCalendar(timeZoneIdentifier: clock.timeZoneIdentifier, firstWeekday: firstWeekday)
        let today = calendar.today(clock)
        do {
            let items = try store.items(from: Self.beginningOfTime, through: calendar.endOfNextWeek(after: today))
            known = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            output?.handleUpcomingItems(items.compactMap { item in
                Self.relation(of: item.due, today: today, calendar: calendar).map { relation in
                    UpcomingItem(id: item.id, title: item.name, dueDate: item.due,
                                 weekday: calendar.isoWeekday(of: item.due), relation: relation)
                }
            })
        } catch {
            fail("cannot read to-do items: \(error)")
        }
    }

    func doCompleteItem(id: Int64) {
        remove(id: id, as: .done)
    }

    func doDeleteItem(id: Int64) {
        remove(id: id, as: .deleted)
    }

    func doUndo() {
        do {
            guard let restored = try history.undo(in: store) else {
                output?.handleChange(.nothingToUndo)
                return
            }
            output?.handleChange(.restored(restored.item, after: restored.verb))
        } catch {
            fail("cannot undo: \(error)")
            return
        }
        doFindUpcomingItems()
    }

    func doFindItem(id: Int64) -> TodoItem? {
        known[id]
    }

    /// Where `due` falls relative to `today`; nil when it is after next week.
    static func relation(of due: CalendarDay, today: CalendarDay, calendar: DayCalendar) -> NearTermDateRelation? {
        if due < today { return .overdue }
        if due == today { return .today }
        if due == calendar.adding(1, to: today) { return .tomorrow }
        if due <= calendar.endOfWeek(containing: today) { return .laterThisWeek }
        if due <= calendar.endOfNextWeek(after: today) { return .nextWeek }
        return nil
    }

    private func remove(id: Int64, as verb: UndoHistory.Verb) {
        guard let item = known[id] else {
            fail("item \(id) is no longer listed; look at the list again")
            return
        }
        do {
            try history.remove(item, as: verb, from: store)
        } catch {
            fail("cannot \(verb == .done ? "mark the item done" : "delete the item"): \(error)")
            return
        }
        output?.handleChange(verb == .done ? .done(item) : .deleted(item))
        doFindUpcomingItems()
    }

    private func fail(_ message: String) {
        logger.log(.error, message, source: "todo")
        output?.handleFailure(message)
    }
}
