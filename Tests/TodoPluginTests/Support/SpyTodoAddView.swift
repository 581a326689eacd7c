@testable import TodoPlugin

/// Records the display models the add Presenter sends.
final class SpyTodoAddView: TodoAddViewing {
    private(set) var models: [TodoAddViewModel] = []
    var last: TodoAddViewModel? { models.last }

    func didUpdate(_ model: TodoAddViewModel) {
        models.append(model)
    }
}
