import Contracts

/// Reads every stored item and groups it: overdue first, then this week and the
/// next three weeks one by one (weeks start on the locale's first weekday), then
/// each later month. `done`, `delete` and `undo` work as in the upcoming list.
final class TodoAllInteractor: TodoAllInteracting {
    weak var output: (any TodoAllInteractorOutput)?
    private let store: any TodoStore
    private let clock: any Clock
    private let logger: any Logger
    private let firstWeekday: Int
    private let history: UndoHistory
    private var known: [Int64: TodoItem] = [:]

    /// How many weeks, this one included, are shown one by one before months take over.
    static let weeksShown = 4
    /// The last day a store is asked about.
    static let endOfTime = CalendarDay(year: 9999, month: 12, day: 31)

    init(store: any TodoStore, clock: any Clock, logger: any Logger,
         firstWeekday: Int = WeekStart.iso, history: UndoHistory = UndoHistory()) {
        self.store = store
        self.clock = clock
        self.logger = logger
        self.firstWeekday = firstWeekday
        self.history = history
    }

    func doFindAllItems() {
        let calendar = DayCalendar(timeZoneIdentifier: clock.timeZoneIdentifier, firstWeekday: firstWeekday)
        do {
            let items = try store.items(from: TodoListInteractor.beginningOfTime, through: Self.endOfTime)
            known = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            output?.handleGroups(Self.groups(items, today: calendar.today(clock), calendar: calendar))
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
        doFindAllItems()
    }

    func doFindItem(id: Int64) -> TodoItem? {
        known[id]
    }

    /// `items` (sorted by due day) in groups, in the order they are shown.
    static func groups(_ items: [TodoItem], today: CalendarDay, calendar: DayCalendar) -> [TodoGroup] {
        let thisWeek = calendar.startOfWeek(containing: today)
        var groups: [TodoGroup] = []
        for item in items {
            let period = self.period(of: item.due, today: today, thisWeek: thisWeek, calendar: calendar)
            let listed = ListedItem(id: item.id, title: item.name, due: item.due, weekday: calendar.isoWeekday(of: item.due))
            if let last = groups.last, last.period == period {
                groups[groups.count - 1] = TodoGroup(period: period, items: last.items + [listed])
            } else {
                groups.append(TodoGroup(period: period, items: [listed]))
            }
        }
        return groups
    }

    private static func period(of due: CalendarDay, today: CalendarDay, thisWeek: CalendarDay, calendar: DayCalendar) -> TodoPeriod {
        if due < today { return .overdue }
        for offset in 0..<weeksShown {
            let start = calendar.adding(7 * offset, to: thisWeek)
            if due <= calendar.adding(6, to: start) { return .week(start: start, offset: offset) }
        }
        return .month(year: due.year, month: due.month)
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
        doFindAllItems()
    }

    private func fail(_ message: String) {
        logger.log(.error, message, source: "todo")
        output?.handleFailure(message)
    }
}
