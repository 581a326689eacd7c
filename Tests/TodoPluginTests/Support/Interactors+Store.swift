import Contracts
@testable import TodoPlugin

// The Interactors over a data manager over `store`, as their Builders wire them: a plain
// `TodoStore` double (``StubTodoStore``) is seen through ``ContractTodoRecords``, a
// ``FakeTodoRecords`` or the SQLite store as it is.

extension TodoAddInteractor {
    convenience init(store: any TodoStore, clock: any Clock, order: DateOrder = .dayMonthYear) {
        self.init(data: TodoDataManager(store: store, clock: clock), clock: clock, order: order)
    }
}

extension TodoEditInteractor {
    convenience init(store: any TodoStore, clock: any Clock) {
        self.init(data: TodoDataManager(store: store, clock: clock), clock: clock)
    }
}

extension TodoListInteractor {
    convenience init(store: any TodoStore, clock: any Clock, logger: any Logger, firstWeekday: Int = WeekStart.iso) {
        self.init(data: TodoDataManager(store: store, clock: clock), clock: clock, logger: logger, firstWeekday: firstWeekday)
    }
}

extension TodoAllInteractor {
    convenience init(store: any TodoStore, clock: any Clock, logger: any Logger, firstWeekday: Int = WeekStart.iso) {
        self.init(data: TodoDataManager(store: store, clock: clock), clock: clock, logger: logger, firstWeekday: firstWeekday)
    }
}

extension TodoDoneInteractor {
    convenience init(store: any TodoStore, clock: any Clock) {
        self.init(data: TodoDataManager(store: store, clock: clock), clock: clock)
    }
}
