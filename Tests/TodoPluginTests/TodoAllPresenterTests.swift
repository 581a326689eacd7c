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
        func doFindAllItems() { output?.handleGroups(groups, filter: .all) }
        func doFilter(_ filter: TodoFilter) {}
        func doCompleteItems(ids: [Int64]) throws { try ids.forEach(doCheckItem); completed += ids }
        func doDeleteItems(ids: [Int64]) throws { try ids.forEach(doCheckItem); deleted += ids }
        func doReopenItems(ids: [Int64]) throws {}
        func doSetPriority(_ priority: TodoPriority?, ids: [Int64]) throws {}
        func doAnnotate(id: Int64, text: String) throws {}
        func doFindItems(ids: [Int64]) -> [TodoSummary]? { nil }
        func doUndo() throws { output?.handleChange(.nothingToUndo) }
        func doCheckItem(id: Int64) throws {
            guard groups.flatMap(\.items).contains(where: { $0.id == id }) else { throw CommandError("there is no to-do item \(id)") }
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
            TodoGroup(period: .noDate, items: [ListedItem(id: 4, title: "Someday", due: nil, weekday: 0)]),
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
            TodoDisplaySection(name: "Overdue", rows: [TodoDisplayRow(id: 7, text: "Old (Friday 2026-11-20)")]),
            TodoDisplaySection(name: "This week (from 2026-11-30)", rows: [TodoDisplayRow(id: 1, text: "Milk (Tuesday 2026-12-01)")]),
            TodoDisplaySection(name: "Week of 2026-12-14", rows: []),
            TodoDisplaySection(name: "March 2027", rows: [TodoDisplayRow(id: 9, text: "Taxes (Monday 2027-03-01)")]),
            TodoDisplaySection(name: "No date", rows: [TodoDisplayRow(id: 4, text: "Someday")]),
        ])
    }

    @Test func commandsNameItemsByTheirIds() throws {
        let (presenter, interactor, _, router) = makePresenter()
        presenter.didAppear()
        try presenter.didComplete(ids: [9])
        try presenter.didAskToDelete(ids: [7])
        try presenter.didAskToEdit(id: 1)
        #expect(interactor.completed == [9])
        #expect(interactor.deleted == [7])
        #expect(router.edited == [1])
        #expect { try presenter.didComplete(ids: [5]) } throws: { "\($0)" == "there is no to-do item 5" }
    }

    @Test func aSavedEditIsNamedAndTheListReadAgain() {
        let (presenter, _, view, _) = makePresenter()
        presenter.todoEditorDidSave(TodoSummary(id: 9, title: "Taxes 2026", due: DueDay(day: day("2027-04-01"), weekday: 4, nearness: nil)))
        #expect(view.last?.notice == "Changed 'Taxes 2026', due 2027-04-01.")
        #expect(view.last?.sections.count == 5)
    }
}
