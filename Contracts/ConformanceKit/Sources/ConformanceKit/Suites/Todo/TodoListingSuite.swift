import Contracts

extension ContractSuite {
    /// What every ``TodoListing`` module promises (see its doc comment): with
    /// nothing due it shows its empty state; it shows an item due today (by the
    /// ``Clock``); `reloadItems()` shows items added and removed since.
    ///
    /// Needs a ``TodoStore`` and a ``Clock`` among the services, and removes the
    /// items due in the next year first.
    public static let todoListing = ContractSuite(for: TodoListing.self, checks: [
        ModuleCheck("shows-empty-state-when-nothing-is-due", run: TodoListingChecks.emptyState),
        ModuleCheck("reload-shows-changes", run: TodoListingChecks.reload),
    ])
}

/// The checks of ``ContractSuite/todoListing``.
enum TodoListingChecks {
    static func emptyState(_ harness: ModuleHarness) throws {
        _ = try emptied(harness)
        let screen = try harness.build().appear()
        try CheckFailure.unless(screen.calls.contains { if case .empty = $0 { return true } else { return false } },
            expected: "with nothing due, an empty state (screen.empty)", happened: SuiteSupport.drew(screen))
    }

    static func reload(_ harness: ModuleHarness) throws {
        let (store, today) = try emptied(harness)
        let module = try harness.build()
        let listing = try module.input(as: TodoListing.self)
        module.appear()
        let item = try store.add(name: "Due today, added while listed", due: today)
        listing.reloadItems()
        let added = module.render()
        try CheckFailure.unless(added.shows(item.name),
            expected: "reloadItems() to show an item due today (\(today)) added since", happened: SuiteSupport.drew(added))
        try store.remove(id: item.id)
        listing.reloadItems()
        let removed = module.render()
        try CheckFailure.unless(!removed.shows(item.name),
            expected: "reloadItems() to drop an item removed since", happened: SuiteSupport.drew(removed))
    }

    private static func emptied(_ harness: ModuleHarness) throws -> (any TodoStore, CalendarDay) {
        let store = try SuiteSupport.required(TodoStore.self, harness)
        let today = SuiteSupport.today(try SuiteSupport.required(Clock.self, harness))
        let nextYear = CalendarDay(year: today.year + 1, month: today.month, day: today.day)
        for item in try store.items(from: CalendarDay(year: today.year - 1, month: 1, day: 1), through: nextYear) {
            try store.remove(id: item.id)
        }
        return (store, today)
    }
}
