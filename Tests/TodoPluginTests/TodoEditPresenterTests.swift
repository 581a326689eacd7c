import ConformanceKit
import Contracts
import Testing
import ViperTestSupport
@testable import TodoPlugin

/// The item editor with its real Interactor over a stub store and a clock pinned to
/// Tuesday 2026-12-01, a spy view and a spy router.
@Suite struct TodoEditPresenterTests {
    private final class SpyView: ViewSpy<TodoEditViewModel>, TodoEditViewing {}

    private final class SpyOutput: TodoItemEditingOutput {
        let log: EventLog
        init(log: EventLog) { self.log = log }
        func todoEditorDidSave(_ item: TodoSummary) { log.record("saved \(item.title) \(item.due.map { "\($0.day)" } ?? "none")") }
    }

    private final class SpyRouter: ClosingRouterSpy, TodoEditRouting {}

    private func makeEditor(editing item: TodoItem) throws -> (TodoEditPresenter, SpyView, StubTodoStore, EventLog, SpyOutput) {
        let log = EventLog()
        let store = StubTodoStore([item])
        let interactor = TodoEditInteractor(store: store, clock: try FixedClock(iso8601: "2026-12-01T09:00:00Z"))
        let presenter = TodoEditPresenter(interactor: interactor, router: SpyRouter(log: log))
        interactor.output = presenter
        let view = SpyView()
        presenter.view = view
        let output = SpyOutput(log: log)
        presenter.output = output
        try presenter.edit(itemID: item.id)
        return (presenter, view, store, log, output)
    }

    @Test func showsTheItemAsStoredWithAnOverdueDateSaidSo() throws {
        let (_, view, _, _, _) = try makeEditor(editing: TodoItem(id: 4, name: "Old", due: day("2026-11-20")))
        #expect(view.last == TodoEditViewModel(name: "Old", due: "Friday 2026-11-20 (overdue)", unsaved: [], error: nil))
    }

    @Test func saysWhatIsNotSavedYet() throws {
        let (presenter, view, _, _, _) = try makeEditor(editing: TodoItem(id: 4, name: "Milk", due: day("2026-12-01")))
        try presenter.didEnterName("Oat milk")
        try presenter.didEnterDueDate("friday")
        #expect(view.last?.unsaved == ["name (was 'Milk')", "due date (was 2026-12-01)"])
    }

    @Test func savingUpdatesTheStoreClosesThenTellsTheOutput() throws {
        let (presenter, _, store, log, output) = try makeEditor(editing: TodoItem(id: 4, name: "Milk", due: day("2026-12-01")))
        try presenter.didEnterDueDate("2027-01-15")
        try withExtendedLifetime(output) { try presenter.didAskToSave() }
        #expect(store.stored == [TodoItem(id: 4, name: "Milk", due: day("2027-01-15"))])
        #expect(log.events == ["close", "saved Milk 2027-01-15"])
    }

    @Test func noneTakesTheDateAwayWithThePluginsStore() throws {
        let log = EventLog()
        let store = FakeTodoRecords([TodoRecord(id: 4, name: "Milk", due: day("2026-12-01"))])
        let interactor = TodoEditInteractor(store: store, clock: try FixedClock(iso8601: "2026-12-01T09:00:00Z"))
        let presenter = TodoEditPresenter(interactor: interactor, router: SpyRouter(log: log))
        interactor.output = presenter
        let output = SpyOutput(log: log)
        presenter.output = output
        try presenter.edit(itemID: 4)
        try presenter.didEnterDueDate("none")
        #expect(presenter.unsavedWork == "the due date (was 2026-12-01)")
        try withExtendedLifetime(output) { try presenter.didAskToSave() }
        #expect(store.rows == [TodoRecord(id: 4, name: "Milk", due: nil)])
        #expect(log.events == ["close", "saved Milk none"])
    }

    @Test func aRefusedDayKeepsTheItemAndSaveIsRefusedUntilItIsTypedAgain() throws {
        let (presenter, view, store, _, _) = try makeEditor(editing: TodoItem(id: 4, name: "Milk", due: day("2026-12-01")))
        try presenter.didEnterName("Oat milk")
        #expect { try presenter.didEnterDueDate("someday") } throws: { "\($0)".hasPrefix("'someday' is not a due date") }
        #expect { try presenter.didAskToSave() } throws: {
            "\($0)" == "not saved: 'due someday' was refused; type 'due' again with a value it takes (or 'cancel'), then 'save'"
        }
        #expect(store.stored.map(\.name) == ["Milk"])
        try presenter.didEnterDueDate("2026-11-01")
        #expect(view.last?.due == "Sunday 2026-11-01 (overdue)")
    }

    @Test func aStoreFailureIsShownAndTheEditorStaysOpen() throws {
        let (presenter, view, store, log, _) = try makeEditor(editing: TodoItem(id: 4, name: "Milk", due: day("2026-12-01")))
        store.failure = StubError(description: "/d/todo.sqlite: disk full")
        try presenter.didAskToSave()
        #expect(view.last?.error == "cannot save the changes: /d/todo.sqlite: disk full")
        #expect(log.events.isEmpty)
    }

    /// taskwarrior's `task 4 modify due:friday pri:H`: `edit 4 due:friday pri:H` fills the editor in.
    @Test func fieldsGivenWithEditAreFilledInAndABadOneIsRefused() throws {
        let (presenter, view, _, _, _) = try makeEditor(editing: TodoItem(id: 4, name: "Milk", due: day("2026-12-01")))
        try presenter.edit(itemID: 4)
        presenter.change(fields: "due:friday@9am pri:H")
        #expect(view.last?.due == "Friday 2026-12-04 09:00")
        #expect(view.last?.priority == "H (high)")
        #expect(view.last?.name == "Milk")
        #expect(view.last?.unsaved == ["due date (was 2026-12-01)", "priority (was none)"])
        presenter.change(fields: "Oat milk every:sometimes")
        #expect(view.last?.name == "Oat milk")
        #expect(view.last?.error?.hasPrefix("'every sometimes' is not a repeat") == true)
        #expect(throws: CommandError.self) { try presenter.didAskToSave() }
    }

    /// taskwarrior's `task 4 modify +shop -home`: tags alone are added to or taken off the name.
    @Test func tagsAloneAreAddedToTheNameOrTakenOff() throws {
        let (presenter, view, _, _, _) = try makeEditor(editing: TodoItem(id: 4, name: "Milk +home", due: day("2026-12-01")))
        presenter.change(fields: "+shop -home pri:H")
        #expect(view.last?.name == "Milk +shop")
        presenter.change(fields: "+shop")
        #expect(view.last?.name == "Milk +shop", "a tag it has is not added twice")
        presenter.change(fields: "Oat milk +shop")
        #expect(view.last?.name == "Oat milk +shop", "other words are the new name")
    }

    /// `modify 4 due:eom`: saved and closed at once; a word that does not read closes it unsaved.
    @Test func saveAtOnceSavesAndClosesOrClosesUnsavedWithTheRefusal() throws {
        let (presenter, _, store, log, output) = try makeEditor(editing: TodoItem(id: 4, name: "Milk", due: day("2026-12-01")))
        presenter.change(fields: "due:someday")
        #expect { try presenter.saveAtOnce() } throws: { "\($0)".hasPrefix("nothing changed: 'someday' is not a due date") }
        #expect(store.stored == [TodoItem(id: 4, name: "Milk", due: day("2026-12-01"))])
        #expect(log.events == ["close"])
        try presenter.edit(itemID: 4)
        presenter.change(fields: "due:eom")
        try withExtendedLifetime(output) { try presenter.saveAtOnce() }
        #expect(store.stored == [TodoItem(id: 4, name: "Milk", due: day("2026-12-31"))])
        #expect(log.events == ["close", "close", "saved Milk 2026-12-31"])
    }
}
