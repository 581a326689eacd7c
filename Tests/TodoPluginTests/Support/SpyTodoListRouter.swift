import Contracts
@testable import TodoPlugin

/// Records the routes the Presenter asks for.
final class SpyTodoListRouter: TodoListRouting {
    private(set) var addRequests: [String] = []
    private(set) weak var lastOutput: (any TodoAddingOutput)?
    var failure: (any Error)?

    func showAddItem(name: String, output: any TodoAddingOutput) throws {
        if let failure { throw failure }
        addRequests.append(name)
        lastOutput = output
    }
}
