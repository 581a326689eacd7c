@testable import TodoPlugin

/// Records what the list's Interactor reports.
final class SpyTodoListOutput: TodoListInteractorOutput {
    private(set) var upcoming: [[UpcomingItem]] = []
    /// How many items each read left for later (due after next week).
    private(set) var later: [Int] = []
    private(set) var filters: [TodoFilter] = []
    private(set) var changes: [TodoChange] = []
    private(set) var failures: [String] = []

    func handleUpcomingItems(_ found: UpcomingItems, filter: TodoFilter) {
        upcoming.append(found.items)
        later.append(found.later)
        filters.append(filter)
    }

    func handleChange(_ change: TodoChange) {
        changes.append(change)
    }

    func handleFailure(_ message: String) {
        failures.append(message)
    }
}
