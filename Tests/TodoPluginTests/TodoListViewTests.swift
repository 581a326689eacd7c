import ConformanceKit
import Contracts
import Testing
@testable import TodoPlugin

@Suite struct TodoListViewTests {
    private final class IgnoringPresenter: TodoListEventHandling {
        func didAppear() {}
        func didAskToAdd(name: String) throws {}
        func didComplete(item: Int) throws {}
        func didAskToDelete(item: Int) throws {}
        func didAskToEdit(item: Int) throws {}
        func didAskToUndo() {}
        func didAskForAllItems() throws {}
    }

    @Test func numbersItemsOnceThroughAllSections() {
        let view = TodoListView(presenter: IgnoringPresenter())
        var model = TodoListViewModel()
        model.sections = [
            UpcomingDisplaySection(name: "Today", rows: ["Buy milk", "Water plants"]),
            UpcomingDisplaySection(name: "Next week", rows: ["Plan trip (Tuesday 2026-12-08)"]),
        ]
        view.didUpdate(model)
        let screen = SpyScreen()
        view.render(on: screen)
        #expect(screen.lines == [
            "heading: Today", "1. Buy milk", "2. Water plants",
            "heading: Next week", "3. Plan trip (Tuesday 2026-12-08)",
        ])
    }

    @Test func drawsTheEmptyStateWithAHint() {
        let view = TodoListView(presenter: IgnoringPresenter())
        view.didUpdate(TodoListViewModel())
        let screen = SpyScreen()
        view.render(on: screen)
        #expect(screen.lines == ["empty: Nothing overdue and nothing due by the end of next week. Type 'add NAME' to add an item, 'all' for every item."])
    }

    @Test func everyCommandHasHelp() {
        let view = TodoListView(presenter: IgnoringPresenter())
        #expect(view.commands.map(\.name) == ["add", "done", "edit", "delete", "undo", "all"])
        #expect(view.commands.allSatisfy { !$0.help.isEmpty })
    }
}
