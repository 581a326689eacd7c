@testable import TodoPlugin

/// Records the display models the Presenter sends.
final class SpyTodoListView: TodoListViewing {
    private(set) var models: [TodoListViewModel] = []
    var last: TodoListViewModel? { models.last }

    func didUpdate(_ model: TodoListViewModel) {
        models.append(model)
    }
}
