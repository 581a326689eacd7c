import Contracts

/// A ``Router`` that routes nowhere: for building modules outside the shell.
package final class RouterDummy: Router {
    package private(set) var closed = false

    package init() {}

    package func route<Input>(_ request: RouteRequest<Input>) throws {
        throw CommandError("RouterDummy does not route")
    }

    package func embed<Input>(_ contract: Input.Type, name: String?, prepare: ((Input) throws -> Void)?) throws -> any ModuleView {
        throw CommandError("RouterDummy does not embed")
    }

    package func open(path: String) throws {
        throw CommandError("RouterDummy does not open paths")
    }

    package func close() {
        closed = true
    }

    package func canRoute(to contract: Any.Type, name: String?) -> Bool {
        false
    }
}
