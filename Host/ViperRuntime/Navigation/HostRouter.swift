import Contracts

/// The ``Router`` a module gets in its ``ModuleContext``: bound to the module's
/// place on the stack. The module owns it; it holds the stack weakly, so a module
/// that keeps its router cannot keep the stack (or itself) alive.
final class HostRouter: Router {
    private weak var stack: NavigationStack?
    /// The entry this router navigates from.
    let entryID: Int
    /// The module it belongs to, for messages: `HelloInput (greeter)`.
    let owner: String

    init(stack: NavigationStack, entryID: Int, owner: String) {
        self.stack = stack
        self.entryID = entryID
        self.owner = owner
    }

    package func route<Input>(_ request: RouteRequest<Input>) throws {
        try liveStack().route(request, from: entryID)
    }

    func perform<Input>(_ request: RouteRequest<Input>) throws -> any RoutedModule {
        let stack = try liveStack()
        let id = try stack.route(request, from: entryID)
        return HostRoutedModule(stack: stack, moduleID: id, callerID: entryID)
    }

    func embed<Input>(_ contract: Input.Type, name: String?, prepare: ((Input) throws -> Void)?) throws -> any ModuleView {
        try liveStack().embed(contract, name: name, prepare: prepare, from: entryID)
    }

    func open(path: String) throws {
        try liveStack().open(path: path, from: entryID)
    }

    func close() {
        stack?.close(entryID: entryID)
    }

    func canRoute(to contract: Any.Type, name: String?) -> Bool {
        stack?.registry.moduleRegistration(for: contract, name: name) != nil
    }

    private func liveStack() throws -> NavigationStack {
        guard let stack else {
            throw NavigationError(.refused, "\(owner) tried to navigate after the shell closed; keep no work running after moduleWillBeRemoved")
        }
        return stack
    }
}
