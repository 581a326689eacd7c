import ConformanceKit
import Contracts
import Testing
@testable import TodoPlugin

@Suite struct TodoListViewTests {
    private final class IgnoringPresenter: TodoListEventHandling {
        func didAppear() {}
        func didAskToAdd(name: String) throws {}
        private(set) var completed: [Int64] = []
        func didComplete(id: Int64) throws { completed.append(id) }
        func didAskToDelete(id: Int64) throws {}
        func didAskToReopen(id: Int64) throws {}
        func didAskToEdit(id: Int64) throws {}
        func didAskToUndo() throws {}
        func didAskToFind(_ text: String) {}
        func didAskForTag(_ tag: String) {}
        func didAskForAllItems() throws {}
        func didAskForFinishedItems() throws {}
    }

    @Test func leadsEachItemWithItsIdAlignedAcrossSections() {
        let view = TodoListView(presenter: IgnoringPresenter())
        var model = TodoListViewModel()
        model.sections = [
            TodoDisplaySection(name: "Today", rows: [TodoDisplayRow(id: 3, text: "Buy milk"), TodoDisplayRow(id: 12, text: "Water plants")]),
            TodoDisplaySection(name: "Next week", rows: [TodoDisplayRow(id: 7, text: "Plan trip (Tuesday 2026-12-08)")]),
        ]
        view.didUpdate(model)
        let screen = SpyScreen()
        view.render(on: screen)
        #expect(screen.lines == [
            "heading: Today", "text:    3. Buy milk", "text:   12. Water plants",
            "heading: Next week", "text:    7. Plan trip (Tuesday 2026-12-08)",
        ])
    }

    @Test func commandsTakeTheIdAndRefuseAWordWithWhatToType() throws {
        let presenter = IgnoringPresenter()
        let view = TodoListView(presenter: presenter)
        try view.perform(CommandInvocation(name: "done", arguments: ["12"], rest: "12"))
        #expect(presenter.completed == [12])
        #expect { try view.perform(CommandInvocation(name: "done", arguments: ["milk"], rest: "milk")) } throws: {
            "\($0)" == "'milk' is not an item id; give the number shown before the item, e.g. 'done 3'"
        }
        #expect { try view.perform(CommandInvocation(name: "done", arguments: [], rest: "")) } throws: {
            "\($0)" == "done needs an item id: the number shown before the item, e.g. 'done 3'"
        }
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
        #expect(view.commands.map(\.name) == ["add", "done", "edit", "delete", "reopen", "undo", "find", "tag", "all", "finished"])
        #expect(view.commands.allSatisfy { !$0.help.isEmpty })
    }
}
