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

    private func rows(_ pairs: [(Int64, String)]) -> [TodoDisplayRow] {
        pairs.map { TodoDisplayRow(id: $0.0, text: $0.1) }
    }

    @Test func showsSectionsInTheirOrderWithDaysForLaterItemsAndEachItemsId() {
        let parts = makePresenter(items: week)
        parts.presenter.didAppear()
        #expect(parts.view.last?.sections == [
            TodoDisplaySection(name: "Today", rows: rows([(1, "Buy milk")])),
            TodoDisplaySection(name: "Tomorrow", rows: rows([(2, "Pay rent (Wednesday)")])),
            TodoDisplaySection(name: "Later this week", rows: rows([(3, "Call mum (Friday)")])),
            TodoDisplaySection(name: "Next week", rows: rows([(4, "Plan trip (Tuesday 2026-12-08)")])),
        ])
    }

    @Test func itemsWithoutADateHaveTheirOwnSectionLast() {
        let parts = makePresenter(items: [UpcomingItem(id: 8, title: "Read a book", dueDate: nil, weekday: 0, relation: .noDate)] + week)
        parts.presenter.didAppear()
        #expect(parts.view.last?.sections.map(\.name) == ["Today", "Tomorrow", "Later this week", "Next week", "No date"])
        #expect(parts.view.last?.sections.last?.rows == rows([(8, "Read a book")]))
    }

    @Test func marksTheItemWithTheGivenIdDone() throws {
        let parts = makePresenter(items: week)
        parts.presenter.didAppear()
        try parts.presenter.didComplete(ids: [3])
        #expect(parts.interactor.completed == [3])
        #expect(parts.view.last?.notice == "Done: Call mum (id 3). Type 'undo' to take it back, 'finished' for the finished items.")
        #expect(parts.view.last?.sections.flatMap(\.rows).map(\.id).contains(3) == false)
    }

    @Test func anIdThatIsNotThereIsRefusedSoAScriptStops() {
        let parts = makePresenter(items: week)
        parts.presenter.didAppear()
        #expect(throws: CommandError.self) { try parts.presenter.didComplete(ids: [5]) }
        #expect(throws: CommandError.self) { try parts.presenter.didAskToEdit(id: 5) }
        #expect(parts.interactor.completed.isEmpty)
        #expect(parts.router.edited.isEmpty)
    }

    @Test func modifyHandsTheFieldsToTheRouterToSaveAtOnceAndNeedsSome() throws {
        let parts = makePresenter(items: week)
        parts.presenter.didAppear()
        try parts.presenter.didAskToModify(id: 2, fields: "due:eom pri:H")
        #expect(parts.router.modified.map(\.id) == [2])
        #expect(parts.router.modified.map(\.fields) == ["due:eom pri:H"])
        #expect(parts.router.lastEditorOutput === parts.presenter)
        #expect { try parts.presenter.didAskToModify(id: 2, fields: " ") } throws: {
            ($0 as? CommandError)?.message.hasPrefix("modify needs what to change after the id") == true
        }
        #expect(throws: CommandError.self) { try parts.presenter.didAskToModify(id: 5, fields: "pri:L") }
        #expect(parts.router.modified.count == 1)
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
        #expect(parts.view.last?.sections == [TodoDisplaySection(name: "Tomorrow", rows: rows([(9, "Buy milk (Wednesday)")]))])
        #expect(parts.view.last?.notice == "Added 'Buy milk' (id 9) for 2026-12-02.")
    }

    @Test func saysWhyANewItemDueLaterIsNotListed() {
        let parts = makePresenter()
        parts.presenter.todoAdderDidAdd(TodoItem(id: 9, name: "Taxes", due: day("2027-03-01")))
        #expect(parts.view.last?.notice == "Added 'Taxes' (id 9) for 2027-03-01; this list shows items due by the end of next week, 'all' shows every item.")
    }

    @Test func showsAFailureInPlaceOfTheList() {
        let parts = makePresenter()
        parts.presenter.handleFailure("cannot read to-do items: /d/todo.sqlite: not a database")
        #expect(parts.view.last?.error == "cannot read to-do items: /d/todo.sqlite: not a database")
    }

    @Test func overdueItemsComeFirstWithTheDayTheyWereDue() {
        let parts = makePresenter(items: week + [item(9, "File taxes", "2026-11-27", "Friday", .overdue)])
        parts.presenter.didAppear()
        #expect(parts.view.last?.sections.first == TodoDisplaySection(name: "Overdue", rows: rows([(9, "File taxes (was due Friday 2026-11-27)")])))
    }

    @Test func deleteAndEditUseTheItemsId() throws {
        let parts = makePresenter(items: week)
        parts.presenter.didAppear()
        try parts.presenter.didAskToEdit(id: 2)
        try parts.presenter.didAskToDelete(ids: [1])
        #expect(parts.router.edited == [2])
        #expect(parts.interactor.deleted == [1])
        #expect(parts.view.last?.notice == "Deleted: Buy milk (id 1). Type 'undo' to bring it back.")
    }

    @Test func undoWithNothingToUndoSaysSo() throws {
        let parts = makePresenter(items: week)
        try parts.presenter.didAskToUndo()
        #expect(parts.interactor.undoCount == 1)
        #expect(parts.view.last?.notice == "Nothing to undo: 'undo' takes back the last change to the to-do items, one step each time.")
    }

    @Test func findAndTagLimitTheListAndSaySoAndAloneTheyShowAll() {
        let parts = makePresenter(items: week)
        parts.presenter.didAskToFind("  milk ")
        #expect(parts.view.last?.filter == "Items whose name holds 'milk'. Type 'find' alone to show every item.")
        parts.presenter.didAskForTag("+home")
        #expect(parts.view.last?.filter == "Items tagged +home. Type 'tag' alone to show every item.")
        parts.presenter.didAskForTag("")
        #expect(parts.interactor.filters == [.text("milk"), .tag("home"), .all])
        #expect(parts.view.last?.filter == nil)
    }

    @Test func allAndFinishedOpenTheirViews() throws {
        let parts = makePresenter()
        try parts.presenter.didAskForAllItems()
        try parts.presenter.didAskForFinishedItems()
        #expect(parts.router.allItemsShown == 1)
        #expect(parts.router.finishedItemsShown == 1)
    }

    @Test func aRowShowsItsPriorityTimeRepeatAndNotes() {
        var rent = item(2, "Pay rent", "2026-12-02", "Wednesday", .tomorrow)
        rent.time = 9 * 60
        rent.priority = .high
        rent.recurrence = TodoRecurrence(count: 1, unit: .month, dayOfMonth: 1)
        rent.notes = [TodoNoteLine(day: day("2026-11-30"), text: "ask for a receipt")]
        let parts = makePresenter(items: [rent])
        parts.presenter.didAppear()
        #expect(parts.view.last?.sections == [
            TodoDisplaySection(name: "Tomorrow", rows: [
                TodoDisplayRow(id: 2, text: "[H] Pay rent (Wednesday 09:00; every month on the 1st)", notes: ["2026-11-30: ask for a receipt"]),
            ]),
        ])
    }

    @Test func itSaysHowManyItemsTheFilterLetsThroughForLater() {
        #expect(TodoListPresenter.laterLine(0, filter: .all) == nil)
        #expect(TodoListPresenter.laterLine(1, filter: .all) == "1 more item is due after next week: 'all' shows it.")
        #expect(TodoListPresenter.laterLine(2, filter: .tag("family")) == "2 more items tagged +family are due after next week: 'all' shows them.")
    }

    @Test func askedForDataItDrawsOneJSONArrayOfItsItems() throws {
        let interactor = SpyTodoListInteractor()
        var milk = item(1, "Buy milk +shop", "2026-12-01", "Tuesday", .today)
        milk.priority = .medium
        interactor.items = [milk]
        let presenter = TodoListPresenter(interactor: interactor, router: SpyTodoListRouter(), json: true)
        let view = SpyTodoListView()
        presenter.view = view
        interactor.output = presenter
        presenter.didAppear()
        #expect(view.last?.json == #"[{"due":"2026-12-01","group":"Today","id":1,"name":"Buy milk +shop","notes":[],"priority":"M","repeat":null,"tags":["shop"],"time":null}]"#)
    }

    @Test func theQuestionBeforeDeleteNamesTheItemsAndNoneIsAskedForAMissingOne() {
        let parts = makePresenter(items: week)
        parts.presenter.didAppear()
        #expect(parts.presenter.questionBeforeDeleting(ids: [1]) == "Delete 'Buy milk' (id 1)?")
        #expect(parts.presenter.questionBeforeDeleting(ids: [1, 3]) == "Delete 2 items: Buy milk (id 1), Call mum (id 3)?")
        #expect(parts.presenter.questionBeforeDeleting(ids: [1, 9]) == nil)
    }
}
