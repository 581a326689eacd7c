/// Navigates between modules by contract, without knowing which plugin provides
/// them (ZIKRouter). Each module gets its own router, bound to its place on the stack.
///
///     try router.present(Login.self, prepare: { $0.output = self })
///     try router.push(NoteEditing.self) { $0.edit(noteID: id) }
///
/// On any failure (no provider, the builder throws, `prepare` throws) the stack
/// stays as it was and the error is thrown.
public protocol Router: AnyObject {
    /// Builds the module registered for `request.contract`, applies `prepare`
    /// before it appears, and shows it with `request.transition`.
    func route<Input>(_ request: RouteRequest<Input>) throws

    /// Builds a child module to draw inside this module's view (a submodule).
    /// The child lives as long as this module, and is removed with it.
    func embed<Input>(_ contract: Input.Type, name: String?, prepare: ((Input) throws -> Void)?) throws -> any ModuleView

    /// Opens a shell path such as `notes/42` with a push.
    func open(path: String) throws

    /// Removes this module: pops it if it was pushed, dismisses it if it was presented.
    func close()

    /// Whether a module is registered for `contract` (after adapters), so a caller
    /// can hide an action that has no provider.
    func canRoute(to contract: Any.Type, name: String?) -> Bool

    /// Routes like ``route(_:)`` and returns a handle with which the caller can remove
    /// the module or ask whether it is still on screen (``RoutedModule``). Added in
    /// Contracts 1.3, with a default that throws without routing.
    func perform<Input>(_ request: RouteRequest<Input>) throws -> any RoutedModule
}

extension Router {
    /// Pushes the module registered for `contract` onto the stack.
    public func push<Input>(_ contract: Input.Type, name: String? = nil, prepare: ((Input) throws -> Void)? = nil) throws {
        try route(RouteRequest(contract, name: name, transition: .push, prepare: prepare))
    }

    /// Presents the module registered for `contract` modally: what is below cannot be
    /// reached until it closes.
    public func present<Input>(_ contract: Input.Type, name: String? = nil, prepare: ((Input) throws -> Void)? = nil) throws {
        try route(RouteRequest(contract, name: name, transition: .present, prepare: prepare))
    }

    /// Builds an unnamed child module to draw inside this module's view.
    public func embed<Input>(_ contract: Input.Type, prepare: ((Input) throws -> Void)? = nil) throws -> any ModuleView {
        try embed(contract, name: nil, prepare: prepare)
    }

    /// Whether an unnamed module is registered for `contract`.
    public func canRoute(to contract: Any.Type) -> Bool {
        canRoute(to: contract, name: nil)
    }
}

/// How a routed module is shown.
public enum Transition: String, Sendable, Codable {
    /// On top of the current module; `back` returns.
    case push
    /// Modally: the modules below cannot be reached until it closes.
    case present
    /// Replaces the whole stack.
    case replaceRoot
}

/// A route to a module by contract, with ZIKRouter's per-route handlers.
public struct RouteRequest<Input> {
    /// The contract the module's input must conform to.
    public var contract: Input.Type
    /// The registration name, nil for the unnamed one.
    public var name: String?
    /// Push, present, or replace the root.
    public var transition: Transition
    /// Configures the module's input before the module appears (module config / ModuleInput).
    public var prepare: ((Input) throws -> Void)?
    /// Called once the module is on screen.
    public var completion: ((Input) -> Void)?
    /// Called with the error when the route fails, before the error is thrown.
    public var failure: ((any Error) -> Void)?
    /// What the module's builder reads before building (``ModuleConfiguration``); nil
    /// for none. The initializer that takes a configuration checks at compile time
    /// that its ``ModuleConfiguration/Contract`` is ``contract``; set directly, one
    /// of another contract makes the route fail.
    /// Added in Contracts 1.3.
    public var configuration: (any ModuleConfiguration)?

    /// Describes a route.
    public init(
        _ contract: Input.Type,
        name: String? = nil,
        transition: Transition = .push,
        prepare: ((Input) throws -> Void)? = nil,
        completion: ((Input) -> Void)? = nil,
        failure: ((any Error) -> Void)? = nil
    ) {
        self.contract = contract
        self.name = name
        self.transition = transition
        self.prepare = prepare
        self.completion = completion
        self.failure = failure
    }
}
