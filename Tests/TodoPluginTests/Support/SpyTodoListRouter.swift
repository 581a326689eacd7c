import Contracts
@testable import TodoPlugin

/// Records the routes the Presenter asks for.
final class SpyTodoListRouter: TodoListRouting, TodoAllRouting {
    private(set) var addRequests: [String] = []
    private(set) weak var lastOutput: (any TodoAddingOutput)?
    private(set) var edited: [Int64] = []
    private(set) weak var lastEditorOutput: (any TodoItemEditingOutput)?
    private(set) var allItemsShown = 0
    private(set) var finishedItemsShown = 0
    var failure: (any Error)?

    func showAddItem(name: String, output: any TodoAddingOutput) throws {
        if let failure { throw failure }
        addRequests.append(name)
        lastOutput = output
    }

    private(set) var editedFields: [String] = []

    func showEditor(forItem id: Int64, changing fields: String, output: any TodoItemEditingOutput) throws {
        if let failure { throw failure }
        edited.append(id)
        editedFields.append(fields)
        lastEditorOutput = output
    }

    private(set) var modified: [(id: Int64, fields: String)] = []

    func modifyItem(_ id: Int64, fields: String, output: any TodoItemEditingOutput) throws {
        if let failure { throw failure }
        modified.append((id, fields))
        lastEditorOutput = output
    }

    func showAllItems() throws {
        if let failure { throw failure }
        allItemsShown += 1
    }

    func showFinishedItems() throws {
        if let failure { throw failure }
        finishedItemsShown += 1
    }
}
