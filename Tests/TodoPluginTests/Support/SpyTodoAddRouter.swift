import ConformanceKit
@testable import TodoPlugin

/// Records when the add module closes itself.
final class SpyTodoAddRouter: TodoAddRouting {
    let log: EventLog

    init(log: EventLog = EventLog()) {
        self.log = log
    }

    func close() {
        log.record("close")
    }
}
