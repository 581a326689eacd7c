import Contracts

/// A ``Router`` that routes nowhere: for building modules outside the shell.
final class RouterDummy: Router {
    private(set) var closed = false

    func route<Input>(_ request: RouteRequest<Input>) throws {
        throw CommandError("RouterDummy does not route")
    }

    func embed<Input>(_ contract: Input.Type, name: String?, prepare: ((Input) throws -> Void)?) throws -> any ModuleView {
        throw CommandError("RouterDummy does not embed")
    }

    func open(path: String) throws {
        throw CommandError("RouterDummy does not open paths")
    }

    func close() {
        closed = true
    }

    func canRoute(to contract: Any.Type, name: String?) -> Bool {
        false
    }
}
