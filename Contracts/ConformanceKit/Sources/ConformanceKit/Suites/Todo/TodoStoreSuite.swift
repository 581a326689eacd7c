import Contracts

extension ContractSuite {
    /// What every ``TodoStore`` promises (see its doc comment): a new instance on the
    /// same data folder finds every acknowledged write; items come by due day, then
    /// in the order they were added; both ends of the range are included; removing
    /// a missing item does nothing.
    ///
    /// Each check uses days in a year of its own, far ahead, so checks do not see
    /// each other's items.
    public static let todoStore = ContractSuite(for: TodoStore.self, serviceChecks: [
        ServiceCheck("keeps-writes-across-instances", run: TodoStoreChecks.keepsWrites),
        ServiceCheck("lists-by-due-day-then-added-order", run: TodoStoreChecks.order),
        ServiceCheck("range-includes-both-ends", run: TodoStoreChecks.range),
        ServiceCheck("remove-of-missing-item-does-nothing", run: TodoStoreChecks.removeMissing),
    ])
}

/// The checks of ``ContractSuite/todoStore``.
enum TodoStoreChecks {
    static func keepsWrites(_ harness: ServiceHarness) throws {
        let day = CalendarDay(year: 2091, month: 3, day: 4)
        let first = try harness.make(TodoStore.self)
        let kept = try first.add(name: "Kept", due: day)
        let removed = try first.add(name: "Removed", due: day)
        try first.remove(id: removed.id)
        let found = try harness.make(TodoStore.self).items(from: day, through: day)
        try CheckFailure.unless(found == [kept],
            expected: "a new instance to find exactly [\(kept)] due \(day)", happened: "it found \(found)",
            fix: "make add and remove durable before they return")
    }

    static func order(_ harness: ServiceHarness) throws {
        let early = CalendarDay(year: 2092, month: 5, day: 1)
        let late = CalendarDay(year: 2092, month: 5, day: 2)
        let store = try harness.make(TodoStore.self)
        let lateFirst = try store.add(name: "Late, added first", due: late)
        let earlyOne = try store.add(name: "Early", due: early)
        let lateSecond = try store.add(name: "Late, added second", due: late)
        let names = try store.items(from: early, through: late).map(\.name)
        let expected = [earlyOne, lateFirst, lateSecond].map(\.name)
        try CheckFailure.unless(names == expected,
            expected: "items by due day, then in the order they were added (\(expected))", happened: "it listed \(names)")
    }

    static func range(_ harness: ServiceHarness) throws {
        let before = CalendarDay(year: 2093, month: 6, day: 9)
        let start = CalendarDay(year: 2093, month: 6, day: 10)
        let end = CalendarDay(year: 2093, month: 6, day: 12)
        let after = CalendarDay(year: 2093, month: 6, day: 13)
        let store = try harness.make(TodoStore.self)
        for (name, day) in [("Before", before), ("Start", start), ("End", end), ("After", after)] {
            _ = try store.add(name: name, due: day)
        }
        let names = try store.items(from: start, through: end).map(\.name)
        try CheckFailure.unless(names == ["Start", "End"],
            expected: "items(from: \(start), through: \(end)) to list [Start, End] (both ends included)", happened: "it listed \(names)")
    }

    static func removeMissing(_ harness: ServiceHarness) throws {
        let day = CalendarDay(year: 2094, month: 7, day: 1)
        let store = try harness.make(TodoStore.self)
        let kept = try store.add(name: "Untouched", due: day)
        let missing = kept.id + 1_000
        do {
            try store.remove(id: missing)
        } catch {
            throw CheckFailure(expected: "remove(id: \(missing)) of a missing item to do nothing", happened: "it threw: \(error)")
        }
        let found = try store.items(from: day, through: day)
        try CheckFailure.unless(found == [kept],
            expected: "removing a missing item to change nothing", happened: "the items due \(day) are \(found)")
    }
}
