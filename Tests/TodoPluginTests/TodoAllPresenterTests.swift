import Contracts
import Testing
import ViperTestSupport
@testable import TodoPlugin

/// The all-items Presenter with a spy view, a spy router and a stub Interactor.
@Suite struct TodoAllPresenterTests {
    private final class StubInteractor: TodoAllInteracting {
        weak var output: (any TodoAllInteractorOutput)?
        var groups: [TodoGroup] = []
        private(set) var completed: [Int64] = []
        private(set) var deleted: [Int64] = []
        func doFindAllItems() { output?.handleGroups(groups) }
        func doCompleteItem(id: Int64) { completed.append(id) }
        func doDeleteItem(id: Int64) { deleted.append(id) }
        func doUndo() { output?.handleChange(.nothingToUndo) }
        func doFindItem(id: Int64) -> TodoItem? {
            groups.flatMap(\.items).first { $0.id == id }.map { TodoItem(id: $0.id, name: $0.title, due: $0.due) }
        }
    }

    private final class SpyView: ViewSpy<TodoAllViewModel>, TodoAllViewing {}

    private func makePresenter() -> (TodoAllPresenter, StubInteractor, SpyView, SpyTodoListRouter) {
        let interactor = StubInteractor()
        interactor.groups = [
            TodoGroup(period: .overdue, items: [ListedItem(id: 7, title: "Old", due: day("2026-11-20"), weekday: 5)]),
            TodoGroup(period: .week(start: day("2026-11-30"), offset: 0), items: [ListedItem(id: 1, title: "Milk", due: day("2026-12-01"), weekday: 2)]),
            TodoGroup(period: .week(start: day("2026-12-14"), offset: 2), items: []),
            TodoGroup(period: .month(year: 2027, month: 3), items: [ListedItem(id: 9, title: "Taxes", due: day("2027-03-01"), weekday: 1)]),
        ]
        let router = SpyTodoListRouter()
        let presenter = TodoAllPresenter(interactor: interactor, router: router)
        let view = SpyView()
        presenter.view = view
        interactor.output = presenter
        return (presenter, interactor, view, router)
    }

    @Test func namesEachGroupAndShowsEveryDueDay() {
        let (presenter, _, view, _) = makePresenter()
        presenter.didAppear()
        #expect(view.last?.sections == [
            UpcomingDisplaySection(name: "Overdue", rows: ["Old (Friday 2026-11-20)"]),
            UpcomingDisplaySection(name: "This week (from 2026-11-30)", rows: ["Milk (Tuesday 2026-12-01)"]),
            UpcomingDisplaySection(name: "Week of 2026-12-14", rows: []),
            UpcomingDisplaySection(name: "March 2027", rows: ["Taxes (Monday 2027-03-01)"]),
        ])
    }

    @Test func numbersRunThroughEveryGroup() throws {
        let (presenter, interactor, _, router) = makePresenter()
        presenter.didAppear()
        try presenter.didComplete(item: 3)
        try presenter.didAskToDelete(item: 1)
        try presenter.didAskToEdit(item: 2)
        #expect(interactor.completed == [9])
        #expect(interactor.deleted == [7])
        #expect(router.edited == [TodoItem(id: 1, name: "Milk", due: day("2026-12-01"))])
        #expect { try presenter.didComplete(item: 4) } throws: { "\($0)" == "no item 4; choose 1 to 3" }
    }

    @Test func aSavedEditIsNamedAndTheListReadAgain() {
        let (presenter, _, view, _) = makePresenter()
        presenter.todoEditorDidSave(TodoItem(id: 9, name: "Taxes 2026", due: day("2027-04-01")))
        #expect(view.last?.notice == "Changed 'Taxes 2026', due 2027-04-01.")
        #expect(view.last?.sections.count == 4)
    }
}
