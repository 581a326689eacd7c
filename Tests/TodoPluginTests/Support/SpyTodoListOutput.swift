@testable import TodoPlugin

/// Records what the list's Interactor reports.
final class SpyTodoListOutput: TodoListInteractorOutput {
    private(set) var upcoming: [[UpcomingItem]] = []
    private(set) var filters: [TodoFilter] = []
    private(set) var changes: [TodoChange] = []
    private(set) var failures: [String] = []

    func handleUpcomingItems(_ items: [UpcomingItem], filter: TodoFilter) {
        upcoming.append(items)
        filters.append(filter)
    }

    func handleChange(_ change: TodoChange) {
        changes.append(change)
    }

    func handleFailure(_ message: String) {
        failures.append(message)
    }
}
