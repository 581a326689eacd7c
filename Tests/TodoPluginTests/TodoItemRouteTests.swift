import ConformanceKit
import Contracts
import Testing
import ViperTestSupport
@testable import TodoPlugin

/// The item editor opened by its route (`todo/:id`): the Interactor's rule that the item
/// must be stored, and what the Presenter says leaving would lose.
@Suite struct TodoItemRouteTests {
    private final class SpyView: ViewSpy<TodoEditViewModel>, TodoEditViewing {}
    private final class SpyRouter: ClosingRouterSpy, TodoEditRouting {}

    private func makeEditor(_ items: [TodoItem]) throws -> (TodoEditPresenter, TodoEditInteractor, SpyView) {
        let interactor = TodoEditInteractor(store: StubTodoStore(items), clock: try FixedClock(iso8601: "2026-12-01T09:00:00Z"))
        let presenter = TodoEditPresenter(interactor: interactor, router: SpyRouter(log: EventLog()))
        interactor.output = presenter
        let view = SpyView()
        presenter.view = view
        return (presenter, interactor, view)
    }

    @Test func theInteractorFindsAStoredItemByIdOverdueOrNot() throws {
        let overdue = TodoItem(id: 4, name: "Old", due: day("2026-11-20"))
        let (_, interactor, _) = try makeEditor([overdue, TodoItem(id: 5, name: "New", due: day("2027-01-02"))])
        #expect(try interactor.doFindItem(id: 4) == TodoSummary(id: 4, title: "Old", due: DueDay(day: day("2026-11-20"), weekday: 5, nearness: .overdue)))
        #expect(try interactor.doFindItem(id: 5).title == "New")
        #expect { try interactor.doFindItem(id: 9) } throws: {
            "\($0)" == "there is no to-do item 9; the number before each item is its id ('open todo/all' lists every item)"
        }
    }

    @Test func thePresenterEditsTheRoutedItem() throws {
        let (presenter, _, view) = try makeEditor([TodoItem(id: 4, name: "Milk", due: day("2026-12-01"))])
        try presenter.edit(itemID: 4)
        #expect(view.last?.name == "Milk")
        #expect(throws: CommandError.self) { try presenter.edit(itemID: 8) }
    }

    @Test func thePresenterSaysWhatLeavingWouldLose() throws {
        let (presenter, _, _) = try makeEditor([TodoItem(id: 4, name: "Milk", due: day("2026-12-01"))])
        try presenter.edit(itemID: 4)
        #expect(presenter.unsavedWork == nil)
        try presenter.didEnterName("Oat milk")
        try presenter.didEnterDueDate("tomorrow")
        #expect(presenter.unsavedWork == "the name (was 'Milk') and the due date (was 2026-12-01)")
    }
}
