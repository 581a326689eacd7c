@testable import TodoPlugin

/// Records what the list's Interactor reports.
final class SpyTodoListOutput: TodoListInteractorOutput {
    private(set) var upcoming: [[UpcomingItem]] = []
    private(set) var changes: [TodoChange] = []
    private(set) var failures: [String] = []

    func handleUpcomingItems(_ items: [UpcomingItem]) {
        upcoming.append(items)
    }

    func handleChange(_ change: TodoChange) {
        changes.append(change)
    }

    func handleFailure(_ message: String) {
        failures.append(message)
    }
}
