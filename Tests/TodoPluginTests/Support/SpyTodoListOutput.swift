@testable import TodoPlugin

/// Records what the list's Interactor reports.
final class SpyTodoListOutput: TodoListInteractorOutput {
    private(set) var upcoming: [[UpcomingItem]] = []
    private(set) var failures: [String] = []

    func handleUpcomingItems(_ items: [UpcomingItem]) {
        upcoming.append(items)
    }

    func handleFailure(_ message: String) {
        failures.append(message)
    }
}
