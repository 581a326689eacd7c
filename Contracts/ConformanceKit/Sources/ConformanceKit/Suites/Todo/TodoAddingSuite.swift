import Contracts

extension ContractSuite {
    /// What every ``TodoAdding`` module promises (see its doc comment): it shows a
    /// prefilled name; `due YYYY-MM-DD` then `save` stores the item, closes the
    /// module and then reports the item exactly once; `cancel` closes it, reports
    /// once and stores nothing. Needs a ``TodoStore`` and a ``Clock``.
    public static let todoAdding = ContractSuite(for: TodoAdding.self, checks: [
        ModuleCheck("shows-prefilled-name", run: TodoAddingChecks.prefill),
        ModuleCheck("save-stores-closes-then-reports-once", run: TodoAddingChecks.save),
        ModuleCheck("cancel-closes-then-reports-once", run: TodoAddingChecks.cancel),
    ])
}

/// The checks of ``ContractSuite/todoAdding``.
enum TodoAddingChecks {
    static func prefill(_ harness: ModuleHarness) throws {
        let module = try harness.build()
        try module.input(as: TodoAdding.self).prefill(name: "Prefilled by the kit")
        let screen = module.appear()
        try CheckFailure.unless(screen.shows("Prefilled by the kit"),
            expected: "the form to show the prefilled name", happened: SuiteSupport.drew(screen))
    }

    static func save(_ harness: ModuleHarness) throws {
        let store = try SuiteSupport.required(TodoStore.self, harness)
        let today = SuiteSupport.today(try SuiteSupport.required(Clock.self, harness))
        let name = "Saved by the kit"
        let (module, spy) = try build(harness, name: name)
        do {
            try module.perform("due \(today)")
            try module.perform("save")
        } catch {
            throw CheckFailure(expected: "'due \(today)' then 'save' to be accepted", happened: "it threw: \(error)")
        }
        try SuiteSupport.closedThenReportedOnce(module, reports: spy.reports, closesBeforeReport: spy.closesBeforeReport,
                                                expected: "todoAdderDidAdd")
        let stored = try store.items(from: today, through: today)
        try CheckFailure.unless(spy.items.count == 1 && stored.contains(spy.items[0]) && spy.items[0].name == name,
            expected: "the reported item to be stored, named '\(name)' and due \(today)",
            happened: "it reported \(spy.items) and the store holds \(stored)")
    }

    static func cancel(_ harness: ModuleHarness) throws {
        let store = try SuiteSupport.required(TodoStore.self, harness)
        let today = SuiteSupport.today(try SuiteSupport.required(Clock.self, harness))
        let before = try store.items(from: today, through: today)
        let (module, spy) = try build(harness, name: "Cancelled by the kit")
        try module.perform("cancel")
        try SuiteSupport.closedThenReportedOnce(module, reports: spy.reports, closesBeforeReport: spy.closesBeforeReport,
                                                expected: "todoAdderDidCancel")
        let after = try store.items(from: today, through: today)
        try CheckFailure.unless(after == before,
            expected: "cancel to store nothing", happened: "the items due today went from \(before.count) to \(after.count)")
    }

    private static func build(_ harness: ModuleHarness, name: String) throws -> (ModuleUnderTest, OutputSpy) {
        let module = try harness.build()
        let spy = OutputSpy(router: module.router)
        let adder = try module.input(as: TodoAdding.self)
        adder.output = spy
        adder.prefill(name: name)
        module.appear()
        return (module, spy)
    }
}
