import ConformanceKit
import Contracts

/// Records what the add module tells its output (the list, in the app).
final class SpyTodoAddingOutput: TodoAddingOutput {
    let log: EventLog
    private(set) var added: [TodoItem] = []
    private(set) var cancelled = 0

    init(log: EventLog = EventLog()) {
        self.log = log
    }

    func todoAdderDidAdd(_ item: TodoItem) {
        log.record("added \(item.name)")
        added.append(item)
    }

    func todoAdderDidCancel() {
        log.record("cancelled")
        cancelled += 1
    }
}
