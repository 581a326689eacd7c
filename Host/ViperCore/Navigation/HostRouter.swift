import Contracts

/// The ``Router`` a module gets in its ``ModuleContext``: bound to the module's
/// place on the stack. The module owns it; it holds the stack weakly, so a module
/// that keeps its router cannot keep the stack (or itself) alive.
package final class HostRouter: Router {
    private weak var stack: NavigationStack?
    /// The entry this router navigates from.
    package let entryID: Int
    /// The module it belongs to, for messages: `HelloInput (greeter)`.
    package let owner: String

    package init(stack: NavigationStack, entryID: Int, owner: String) {
        self.stack = stack
        self.entryID = entryID
        self.owner = owner
    }

    package func route<Input>(_ request: RouteRequest<Input>) throws {
        try liveStack().route(request, from: entryID)
    }

    package func perform<Input>(_ request: RouteRequest<Input>) throws -> any RoutedModule {
        let stack = try liveStack()
        let id = try stack.route(request, from: entryID)
        return HostRoutedModule(stack: stack, moduleID: id, callerID: entryID)
    }

    package func embed<Input>(_ contract: Input.Type, name: String?, prepare: ((Input) throws -> Void)?) throws -> any ModuleView {
        try liveStack().embed(contract, name: name, prepare: prepare, from: entryID)
    }

    package func open(path: String) throws {
        try liveStack().open(path: path, from: entryID)
    }

    package func close() {
        stack?.close(entryID: entryID)
    }

    /// Routes by the contract's name (``NavigationStack/route(contract:name:transition:from:)``): for a
    /// module that runs in an isolated plugin's process.
    package func route(contract: ContractID, name: String?, transition: Transition) throws {
        try liveStack().route(contract: contract, name: name, transition: transition, from: entryID)
    }

    /// Whether a module is registered for the contract's name.
    package func canRoute(contract: ContractID, name: String?) -> Bool {
        stack?.registry.moduleRegistration(contract: contract, name: name) != nil
    }

    package func canRoute(to contract: Any.Type, name: String?) -> Bool {
        stack?.registry.moduleRegistration(for: contract, name: name) != nil
    }

    private func liveStack() throws -> NavigationStack {
        guard let stack else {
            throw NavigationError(.refused, "\(owner) tried to navigate after the shell closed; keep no work running after moduleWillBeRemoved")
        }
        return stack
    }
}
