import Contracts

/// A ``TodoListing`` module that lists the items due from today for a week; each
/// flaw breaks one promise of the contract.
final class FakeTodoListPresenter: FakePresenter, TodoListing {
    enum Flaw: CaseIterable {
        /// Draws an error when nothing is due.
        case errorWhenEmpty
        /// reloadItems() does nothing.
        case ignoresReload
    }

    private let store: any TodoStore
    private let today: CalendarDay
    private let flaw: Flaw?
    private var names: [String] = []

    init(context: any ModuleContext, flaw: Flaw?) throws {
        store = try context.resolver.resolve(TodoStore.self)
        let clock = try context.resolver.resolve(Clock.self)
        let day = Int(clock.secondsSince1970 / 86_400)
        today = FakeTodoListPresenter.civil(day)
        self.flaw = flaw
    }

    func didAppear() { load() }

    func reloadItems() {
        if flaw != .ignoresReload { load() }
    }

    func render(on screen: any Screen) {
        if names.isEmpty {
            if flaw == .errorWhenEmpty { screen.error("nothing to show") } else { screen.empty("Nothing due") }
        } else {
            screen.list(names)
        }
    }

    private func load() {
        let end = CalendarDay(year: today.year + 1, month: today.month, day: today.day)
        names = (try? store.items(from: today, through: end).map(\.name)) ?? []
    }

    /// The UTC calendar day of `days` since 1970-01-01 (Howard Hinnant's civil_from_days).
    private static func civil(_ days: Int) -> CalendarDay {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return CalendarDay(year: yoe + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }
}
