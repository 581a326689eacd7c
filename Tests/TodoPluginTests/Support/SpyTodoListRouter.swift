import Contracts
@testable import TodoPlugin

/// Records the routes the Presenter asks for.
final class SpyTodoListRouter: TodoListRouting, TodoAllRouting {
    private(set) var addRequests: [String] = []
    private(set) weak var lastOutput: (any TodoAddingOutput)?
    private(set) var edited: [TodoItem] = []
    private(set) weak var lastEditorOutput: (any TodoItemEditingOutput)?
    private(set) var allItemsShown = 0
    var failure: (any Error)?

    func showAddItem(name: String, output: any TodoAddingOutput) throws {
        if let failure { throw failure }
        addRequests.append(name)
        lastOutput = output
    }

    func showEditor(for item: TodoItem, output: any TodoItemEditingOutput) throws {
        if let failure { throw failure }
        edited.append(item)
        lastEditorOutput = output
    }

    func showAllItems() throws {
        if let failure { throw failure }
        allItemsShown += 1
    }
}
