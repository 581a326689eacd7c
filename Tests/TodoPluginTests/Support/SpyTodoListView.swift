import ViperTestSupport
@testable import TodoPlugin

/// Records the display models the Presenter sends.
final class SpyTodoListView: ViewSpy<TodoListViewModel>, TodoListViewing {}
