import Contracts

/// Reads every item still to do and groups it: overdue first, then this week and the
/// next three weeks one by one (weeks start on the locale's first weekday), then
/// each later month, then items without a date; within a group, higher priority first, then by
/// day and time. The item commands, `find` and `tag` work as in the upcoming list.
final class TodoAllInteractor: TodoAllInteracting, TodoItemChanging {
    weak var output: (any TodoAllInteractorOutput)?
    private let data: TodoDataManager
    private let clock: any Clock
    private let logger: any Logger
    private let firstWeekday: Int
    private var filter = TodoFilter.all

    /// How many weeks, this one included, are shown one by one before months take over.
    static let weeksShown = 4

    init(data: TodoDataManager, clock: any Clock, logger: any Logger, firstWeekday: Int = WeekStart.iso) {
        self.data = data
        self.clock = clock
        self.logger = logger
        self.firstWeekday = firstWeekday
    }

    func doFindAllItems() {
        let calendar = DayCalendar(timeZoneIdentifier: clock.timeZoneIdentifier, firstWeekday: firstWeekday)
        do {
            let items = try data.openItems().filter { filter.matches($0.name) }
            output?.handleGroups(Self.groups(items, today: calendar.today(clock), calendar: calendar), filter: filter)
        } catch {
            logger.log(.error, "cannot read to-do items: \(error)", source: "todo")
            output?.handleFailure("cannot read to-do items: \(error)")
        }
    }

    func doFilter(_ filter: TodoFilter) {
        self.filter = filter
        doFindAllItems()
    }

    func doCheckItem(id: Int64) throws {
        _ = try data.item(id: id)
    }

    /// `items` (sorted by due day, those without one last) in groups, in the order they are shown.
    static func groups(_ items: [TodoRecord], today: CalendarDay, calendar: DayCalendar) -> [TodoGroup] {
        let thisWeek = calendar.startOfWeek(containing: today)
        // The weeks shown one by one, worked out once rather than per item.
        let weeks = (0..<weeksShown).map { offset in
            let start = calendar.adding(7 * offset, to: thisWeek)
            return (start: start, end: calendar.adding(6, to: start), offset: offset)
        }
        var periods: [TodoPeriod] = []
        var members: [[ListedItem]] = []
        for item in items {
            let period = item.due.map { self.period(of: $0, today: today, weeks: weeks) } ?? .noDate
            let listed = ListedItem(id: item.id, title: item.name, due: item.due, weekday: item.due.map(calendar.isoWeekday) ?? 0,
                                    time: item.time, priority: item.priority, recurrence: item.recurrence,
                                    notes: calendar.noteLines(item.notes))
            if periods.last == period {
                members[members.count - 1].append(listed)
            } else {
                periods.append(period)
                members.append([listed])
            }
        }
        return zip(periods, members).map { period, items in
            // Sorted stably: by priority, then as the store gave them (by day, time and id).
            let ranked = items.enumerated().sorted { lhs, rhs in
                (TodoPriority.rank(lhs.element.priority), lhs.offset) < (TodoPriority.rank(rhs.element.priority), rhs.offset)
            }
            return TodoGroup(period: period, items: ranked.map(\.element))
        }
    }

    private static func period(of due: CalendarDay, today: CalendarDay,
                               weeks: [(start: CalendarDay, end: CalendarDay, offset: Int)]) -> TodoPeriod {
        if due < today { return .overdue }
        if let week = weeks.first(where: { due <= $0.end }) { return .week(start: week.start, offset: week.offset) }
        return .month(year: due.year, month: due.month)
    }

    func doFindItems(ids: [Int64]) -> [TodoSummary]? {
        TodoActions(data: data, reader: DueDateReader(clock: clock, firstWeekday: firstWeekday)).summaries(ids: ids)
    }

    func perform(_ action: (TodoActions) throws -> TodoChange) throws {
        let actions = TodoActions(data: data, reader: DueDateReader(clock: clock, firstWeekday: firstWeekday))
        let change = try action(actions)
        output?.handleChange(change)
        doFindAllItems()
    }
}
