import ViperTestSupport
@testable import TodoPlugin

/// Records when the add module closes itself.
final class SpyTodoAddRouter: ClosingRouterSpy, TodoAddRouting {}
