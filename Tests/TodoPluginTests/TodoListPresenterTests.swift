import Contracts
import Testing
import ViperTestSupport
@testable import TodoPlugin

@Suite struct TodoListPresenterTests {
    private struct Parts {
        let presenter: TodoListPresenter
        let view: SpyTodoListView
        let router: SpyTodoListRouter
        let interactor: SpyTodoListInteractor
    }

    private func makePresenter(items: [UpcomingItem] = []) -> Parts {
        let interactor = SpyTodoListInteractor()
        interactor.items = items
        let router = SpyTodoListRouter()
        let presenter = TodoListPresenter(interactor: interactor, router: router)
        let view = SpyTodoListView()
        presenter.view = view
        interactor.output = presenter
        return Parts(presenter: presenter, view: view, router: router, interactor: interactor)
    }

    private func item(_ id: Int64, _ title: String, _ due: String, _ weekday: String, _ relation: NearTermDateRelation) -> UpcomingItem {
        UpcomingItem(id: id, title: title, dueDate: day(due), weekday: (DayCalendar.weekdayNames.firstIndex(of: weekday) ?? -1) + 1,
                     relation: relation)
    }

    private var week: [UpcomingItem] {
        [
            item(4, "Plan trip", "2026-12-08", "Tuesday", .nextWeek),
            item(1, "Buy milk", "2026-12-01", "Tuesday", .today),
            item(3, "Call mum", "2026-12-04", "Friday", .laterThisWeek),
            item(2, "Pay rent", "2026-12-02", "Wednesday", .tomorrow),
        ]
    }

    @Test func loadsTheItemsWhenTheViewAppears() {
        let parts = makePresenter()
        parts.presenter.didAppear()
        #expect(parts.interactor.findCount == 1)
        #expect(parts.view.last?.sections == [])
    }

    @Test func showsSectionsInTheirOrderWithDaysForLaterItems() {
        let parts = makePresenter(items: week)
        parts.presenter.didAppear()
        #expect(parts.view.last?.sections == [
            UpcomingDisplaySection(name: "Today", rows: ["Buy milk"]),
            UpcomingDisplaySection(name: "Tomorrow", rows: ["Pay rent (Wednesday)"]),
            UpcomingDisplaySection(name: "Later this week", rows: ["Call mum (Friday)"]),
            UpcomingDisplaySection(name: "Next week", rows: ["Plan trip (Tuesday 2026-12-08)"]),
        ])
    }

    @Test func marksTheItemWithTheShownNumberDone() throws {
        let parts = makePresenter(items: week)
        parts.presenter.didAppear()
        // Numbers run through the sections: 3 is "Call mum" under Later this week.
        try parts.presenter.didComplete(item: 3)
        #expect(parts.interactor.completed == [3])
        #expect(parts.view.last?.notice == "Done: Call mum. Type 'undo' to bring it back.")
        #expect(parts.view.last?.sections.flatMap(\.rows).contains("Call mum (Friday)") == false)
    }

    @Test func refusesANumberThatIsNotShown() {
        let parts = makePresenter(items: week)
        parts.presenter.didAppear()
        #expect(throws: CommandError.self) { try parts.presenter.didComplete(item: 5) }
        #expect(parts.interactor.completed.isEmpty)
    }

    @Test func presentsTheAddModuleAndListensToIt() throws {
        let parts = makePresenter()
        try parts.presenter.didAskToAdd(name: "  Buy milk ")
        #expect(parts.router.addRequests == ["Buy milk"])
        #expect(parts.router.lastOutput === parts.presenter)
    }

    @Test func refreshesWhenTheAddModuleReportsANewItem() {
        let parts = makePresenter()
        parts.presenter.didAppear()
        parts.interactor.items = [item(9, "Buy milk", "2026-12-02", "Wednesday", .tomorrow)]
        parts.presenter.todoAdderDidAdd(TodoItem(id: 9, name: "Buy milk", due: day("2026-12-02")))
        #expect(parts.interactor.findCount == 2)
        #expect(parts.view.last?.sections == [UpcomingDisplaySection(name: "Tomorrow", rows: ["Buy milk (Wednesday)"])])
        #expect(parts.view.last?.notice == "Added 'Buy milk' for 2026-12-02.")
    }

    @Test func saysWhyANewItemDueLaterIsNotListed() {
        let parts = makePresenter()
        parts.presenter.todoAdderDidAdd(TodoItem(id: 9, name: "Taxes", due: day("2027-03-01")))
        #expect(parts.view.last?.notice == "Added 'Taxes' for 2027-03-01; the list shows items due by the end of next week.")
    }

    @Test func showsAFailureInPlaceOfTheList() {
        let parts = makePresenter()
        parts.presenter.handleFailure("cannot read to-do items: /d/todo.sqlite: not a database")
        #expect(parts.view.last?.error == "cannot read to-do items: /d/todo.sqlite: not a database")
    }

    @Test func overdueItemsComeFirstWithTheDayTheyWereDue() {
        let parts = makePresenter(items: week + [item(9, "File taxes", "2026-11-27", "Friday", .overdue)])
        parts.presenter.didAppear()
        #expect(parts.view.last?.sections.first == UpcomingDisplaySection(name: "Overdue", rows: ["File taxes (was due Friday 2026-11-27)"]))
    }

    @Test func deleteAndEditUseTheShownNumber() throws {
        let parts = makePresenter(items: week)
        parts.presenter.didAppear()
        try parts.presenter.didAskToEdit(item: 2)
        try parts.presenter.didAskToDelete(item: 1)
        #expect(parts.router.edited == [TodoItem(id: 2, name: "Pay rent", due: day("2026-12-02"))])
        #expect(parts.interactor.deleted == [1])
        #expect(parts.view.last?.notice == "Deleted: Buy milk. Type 'undo' to bring it back.")
    }

    @Test func undoWithNothingToUndoSaysSo() {
        let parts = makePresenter(items: week)
        parts.presenter.didAskToUndo()
        #expect(parts.interactor.undoCount == 1)
        #expect(parts.view.last?.notice == "Nothing to undo: 'undo' brings back the last item marked done or deleted.")
    }

    @Test func allOpensTheAllItemsView() throws {
        let parts = makePresenter()
        try parts.presenter.didAskForAllItems()
        #expect(parts.router.allItemsShown == 1)
    }
}
