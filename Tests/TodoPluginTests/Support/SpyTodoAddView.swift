import ViperTestSupport
@testable import TodoPlugin

/// Records the display models the add Presenter sends.
final class SpyTodoAddView: ViewSpy<TodoAddViewModel>, TodoAddViewing {}
