import ConformanceKit
import Contracts
import Testing
import ViperTestSupport
@testable import TodoPlugin

@Suite struct TodoAddPresenterTests {
    private struct Parts {
        let presenter: TodoAddPresenter
        let view: SpyTodoAddView
        let store: StubTodoStore
        let output: SpyTodoAddingOutput
        let log: EventLog
    }

    /// A real Interactor over a stub store and a clock pinned to Tuesday 2026-12-01.
    private func makePresenter() throws -> Parts {
        let log = EventLog()
        let store = StubTodoStore()
        let interactor = TodoAddInteractor(store: store, clock: try FixedClock(iso8601: "2026-12-01T09:00:00Z"))
        let presenter = TodoAddPresenter(interactor: interactor, router: SpyTodoAddRouter(log: log))
        interactor.output = presenter
        let view = SpyTodoAddView()
        presenter.view = view
        let output = SpyTodoAddingOutput(log: log)
        presenter.output = output
        return Parts(presenter: presenter, view: view, store: store, output: output, log: log)
    }

    @Test func showsThePrefilledNameAndTheDueDateInWords() throws {
        let parts = try makePresenter()
        parts.presenter.prefill(name: "Buy milk")
        try parts.presenter.didEnterDueDate("tomorrow")
        #expect(parts.view.last == TodoAddViewModel(name: "Buy milk", due: "Wednesday 2026-12-02 (tomorrow)", error: nil))
    }

    @Test func aNewItemIsDueTodayUntilTheUserSaysOtherwise() throws {
        let parts = try makePresenter()
        parts.presenter.start()
        try parts.presenter.didEnterName("Buy milk")
        #expect(parts.view.last?.due == "Tuesday 2026-12-01 (today)")
        try parts.presenter.didAskToSave()
        #expect(parts.store.stored == [TodoItem(id: 1, name: "Buy milk", due: day("2026-12-01"))])
    }

    @Test func savingClosesTheModuleThenTellsItsOutput() throws {
        let parts = try makePresenter()
        try parts.presenter.didEnterName("Buy milk")
        try parts.presenter.didEnterDueDate("2026-12-02")
        try parts.presenter.didAskToSave()
        #expect(parts.store.stored == [TodoItem(id: 1, name: "Buy milk", due: day("2026-12-02"))])
        #expect(parts.log.events == ["close", "added Buy milk"])
    }

    @Test func refusesToSaveWithoutAName() throws {
        let parts = try makePresenter()
        #expect(throws: CommandError.self) { try parts.presenter.didAskToSave() }
        #expect(parts.store.stored.isEmpty)
        #expect(parts.log.events.isEmpty)
    }

    @Test func anOpenerOfAnotherPluginNeedsADueDateSoNoneIsRefusedForIt() throws {
        let parts = try makePresenter()
        try parts.presenter.didEnterName("Read a book")
        try parts.presenter.didEnterDueDate("none")
        #expect(parts.view.last?.due == "(no date)")
        #expect { try parts.presenter.didAskToSave() } throws: {
            "\($0)" == "the module that opened this form needs a due date; type 'due WHEN' (e.g. 'due tomorrow')"
        }
        #expect(parts.store.stored.isEmpty)
    }

    @Test func keepsTheFormWhenADueDateIsRejected() throws {
        let parts = try makePresenter()
        try parts.presenter.didEnterDueDate("friday")
        #expect(throws: CommandError.self) { try parts.presenter.didEnterDueDate("someday soon") }
        #expect(parts.view.last?.due == "Friday 2026-12-04")
    }

    /// A script without -e runs 'save' after a refused 'due': the item must not be saved due today.
    @Test func aRefusedFieldKeepsSaveFromStoringTheItemUntilItIsTypedAgain() throws {
        let parts = try makePresenter()
        try parts.presenter.didEnterName("Taxes")
        #expect(throws: CommandError.self) { try parts.presenter.didEnterDueDate("someday") }
        #expect(throws: CommandError.self) { try parts.presenter.didEnterPriority("urgent") }
        #expect { try parts.presenter.didAskToSave() } throws: {
            "\($0)" == "not saved: 'due someday' and 'pri urgent' was refused; type 'due' again with a value it takes (or 'cancel'), then 'save'"
        }
        #expect(parts.store.stored.isEmpty)
        try parts.presenter.didEnterDueDate("friday 9am")
        try parts.presenter.didEnterPriority("none")
        try parts.presenter.didEnterRepeat("every week")
        #expect(parts.view.last?.due == "Friday 2026-12-04 09:00")
        #expect(parts.view.last?.repeats == "every week")
        // The stub is another plugin's plain TodoStore, which keeps no time or repeat: refused, not dropped.
        #expect { try parts.presenter.didAskToSave() } throws: {
            "\($0)" == "a time of day and a repeat cannot be kept: \(ContractTodoRecords.limitation); leave them out"
        }
        try parts.presenter.didEnterDueDate("friday")
        try parts.presenter.didEnterRepeat("every none")
        try parts.presenter.didAskToSave()
        #expect(parts.store.stored == [TodoItem(id: 1, name: "Taxes", due: day("2026-12-04"))])
    }

    @Test func anAnchoredRepeatMovesTheDueDayToOneItAllows() throws {
        let parts = try makePresenter()
        try parts.presenter.didEnterRepeat("every month on the 15th")
        #expect(parts.view.last?.due == "Tuesday 2026-12-15")
        #expect(parts.view.last?.repeats == "every month on the 15th")
    }

    @Test func cancellingClosesThenTellsTheOutput() throws {
        let parts = try makePresenter()
        parts.presenter.didAskToCancel()
        #expect(parts.log.events == ["close", "cancelled"])
    }

    @Test func closedByTheShellItTellsTheOutputWithoutClosingAgain() throws {
        let parts = try makePresenter()
        parts.presenter.didLeaveWithoutAdding()
        #expect(parts.log.events == ["cancelled"])
    }

    @Test func aFailedSaveStaysOpenAndShowsWhy() throws {
        let parts = try makePresenter()
        parts.store.failure = StubError(description: "/d/todo.sqlite: disk full")
        try parts.presenter.didEnterName("Buy milk")
        try parts.presenter.didEnterDueDate("today")
        try parts.presenter.didAskToSave()
        #expect(parts.log.events.isEmpty)
        #expect(parts.view.last?.error == "cannot save the item: /d/todo.sqlite: disk full")
    }
}

/// `add Buy milk due:tomorrow pri:H every:week`: taskwarrior's words fill in the form.
@Suite struct TodoQuickEntryTests {
    private func entry(_ text: String) throws -> TodoQuickEntry {
        TodoFormRules.quickEntry(text, reader: DueDateReader(clock: try FixedClock(iso8601: "2026-12-01T09:00:00Z")))
    }

    @Test func dueAndPriAndEveryWordsAreTakenOutOfTheName() throws {
        let read = try entry("Buy milk +shop due:tomorrow@9am pri:H every:week")
        #expect(read.name == "Buy milk +shop")
        #expect(read.due == .some(DueDay(day: day("2026-12-02"), weekday: 3, nearness: .tomorrow, time: 9 * 60)))
        #expect(read.priority == .some(.high))
        #expect(read.recurrence == .some(TodoRecurrence(count: 1, unit: .week)))
        #expect(read.problems.isEmpty)
    }

    @Test func todoTxtPriorityDashesAndRecCodesRead() throws {
        let read = try entry("(B) Gym due:next-friday rec:2d re:invent")
        #expect(read.name == "Gym re:invent")
        #expect(read.priority == .some(.medium))
        #expect(read.due??.day == day("2026-12-04"))
        #expect(read.recurrence == .some(TodoRecurrence(count: 2, unit: .day)))
        #expect(try entry("Taxes due:2027-01-15").due??.day == day("2027-01-15"))
    }

    @Test func aWordThatDoesNotReadIsAProblemNamingTheField() throws {
        let read = try entry("Taxes due:someday pri:urgent")
        #expect(read.name == "Taxes")
        #expect(read.problems.map(\.command) == ["due", "pri"])
        #expect(read.problems.map(\.typed) == ["someday", "urgent"])
    }

    @Test func theFormShowsTheProblemAndSaveRefusesUntilTheFieldIsTypedAgain() throws {
        let store = StubTodoStore()
        let interactor = TodoAddInteractor(store: store, clock: try FixedClock(iso8601: "2026-12-01T09:00:00Z"))
        let presenter = TodoAddPresenter(interactor: interactor, router: SpyTodoAddRouter(log: EventLog()))
        interactor.output = presenter
        let view = SpyTodoAddView()
        presenter.view = view
        presenter.start()
        presenter.prefill(name: "Taxes due:someday")
        #expect(view.last?.name == "Taxes")
        #expect(view.last?.error?.hasPrefix("'someday' is not a due date") == true)
        #expect(throws: CommandError.self) { try presenter.didAskToSave() }
        try presenter.didEnterDueDate("2027-01-15")
        #expect(view.last?.error == nil)
        try presenter.didAskToSave()
        #expect(store.stored == [TodoItem(id: 1, name: "Taxes", due: day("2027-01-15"))])
    }
}
