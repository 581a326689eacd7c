import ConformanceKit
import Contracts
import Testing
@testable import TodoPlugin

@Suite struct TodoListViewTests {
    private final class IgnoringPresenter: TodoListEventHandling {
        func didAppear() {}
        func didAskToAdd(name: String) throws { added.append(name) }
        private(set) var completed: [Int64] = []
        func didComplete(ids: [Int64]) throws { completed += ids }
        func didAskToDelete(ids: [Int64]) throws {}
        func didAskToReopen(ids: [Int64]) throws {}
        private(set) var priorities: [(TodoPriority?, [Int64])] = []
        func didAskToSetPriority(_ priority: TodoPriority?, ids: [Int64]) throws { priorities.append((priority, ids)) }
        private(set) var notes: [(Int64, String)] = []
        func didAskToAnnotate(id: Int64, text: String) throws { notes.append((id, text)) }
        private(set) var added: [String] = []
        func didAskToImport(path: String) throws {}
        func didAskToExport(path: String) throws {}
        func questionBeforeDeleting(ids: [Int64]) -> String? { "Delete \(ids)?" }
        private(set) var edits: [(Int64, String)] = []
        func didAskToEdit(id: Int64, fields: String) throws { edits.append((id, fields)) }
        func didAskToModify(id: Int64, fields: String) throws { edits.append((id, "modify " + fields)) }
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
            "\($0)" == "'milk' is not an item id; give the numbers shown before the items, e.g. 'done 3', 'done 1 6 9' or 'done 1-3'"
        }
        #expect { try view.perform(CommandInvocation(name: "done", arguments: [], rest: "")) } throws: {
            "\($0)" == "done needs item ids: the numbers shown before the items, e.g. 'done 3', 'done 1 6 9' or 'done 1-3'"
        }
        #expect { try view.perform(CommandInvocation(name: "done", arguments: ["3-1"], rest: "3-1")) } throws: {
            "\($0)".hasPrefix("'3-1' is not a range of ids; write the lower id first")
        }
    }

    @Test func severalIdsAndRangesAreOneCommand() throws {
        let presenter = IgnoringPresenter()
        let view = TodoListView(presenter: presenter)
        try view.perform(CommandInvocation(name: "done", arguments: ["1", "6", "9", "2-4", "6"], rest: "1 6 9 2-4 6"))
        #expect(presenter.completed == [1, 6, 9, 2, 3, 4])
        try view.perform(CommandInvocation(name: "pri", arguments: ["1-2", "h"], rest: "1-2 h"))
        #expect(presenter.priorities.map(\.0) == [.high])
        #expect(presenter.priorities.map(\.1) == [[1, 2]])
        #expect { try view.perform(CommandInvocation(name: "pri", arguments: ["3", "urgent"], rest: "3 urgent")) } throws: {
            "\($0)" == "'urgent' is not a priority; give H (high), M (medium), L (low) or none, after the ids, e.g. 'pri 3 H'"
        }
    }

    @Test func quotesGroupWordsAndAreNotStored() throws {
        let presenter = IgnoringPresenter()
        let view = TodoListView(presenter: presenter)
        // What the shell's splitter gives for: add "Buy milk; eggs" +shop
        try view.perform(CommandInvocation(name: "add", arguments: ["Buy milk; eggs", "+shop"], rest: "\"Buy milk; eggs\" +shop"))
        #expect(presenter.added == ["Buy milk; eggs +shop"])
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
        #expect(view.commands.map(\.name) == [
            "add", "done", "delete", "reopen", "pri", "note", "undo", "edit", "modify", "find", "tag", "all", "finished", "import", "export",
        ])
        #expect(view.commands.allSatisfy { !$0.help.isEmpty })
    }

    @Test func deleteAsksFirstAtATerminalAndOtherCommandsDoNot() {
        let view = TodoListView(presenter: IgnoringPresenter())
        #expect(view.confirmation(for: CommandInvocation(name: "delete", arguments: ["1-2"], rest: "1-2")) == "Delete [1, 2]?")
        #expect(view.confirmation(for: CommandInvocation(name: "delete", arguments: ["x"], rest: "x")) == nil)
        #expect(view.confirmation(for: CommandInvocation(name: "done", arguments: ["1"], rest: "1")) == nil)
    }
}
