import Contracts
@testable import TodoPlugin

/// Records what the add module's Interactor reports.
final class SpyTodoAddInteractorOutput: TodoAddInteractorOutput {
    private(set) var saved: [TodoSummary] = []
    private(set) var failures: [String] = []

    func handleItemSaved(_ item: TodoSummary) {
        saved.append(item)
    }

    func handleFailure(_ message: String) {
        failures.append(message)
    }
}
