/// A typed handle on one module contract a builder routes to, bound to the router of the module
/// being built: what a ``RoutingModuleBuilder`` receives for each contract its ``ModuleRoutes``
/// lists, so the route it declares and the route it takes are one value.
///
///     let (editor) = routes
///     try editor.push { $0.edit(noteID: id) }
///
/// Added in Contracts 1.7.
public struct ModuleRoute<Input> {
    /// The registration name routed to, nil for the unnamed one.
    public let name: String?
    /// The router of the module that was built with this handle.
    private let router: any Router

    /// A handle on `contract` (under `name`) that routes through `router`.
    public init(_ contract: Input.Type, name: String? = nil, router: any Router) {
        self.name = name
        self.router = router
    }

    /// Pushes the module, applying `prepare` to its input before it appears.
    public func push(prepare: ((Input) throws -> Void)? = nil) throws {
        try router.push(Input.self, name: name, prepare: prepare)
    }

    /// Presents the module modally, applying `prepare` to its input before it appears.
    public func present(prepare: ((Input) throws -> Void)? = nil) throws {
        try router.present(Input.self, name: name, prepare: prepare)
    }

    /// Whether a module is registered for the contract now (after adapters).
    public var isAvailable: Bool { router.canRoute(to: Input.self, name: name) }
}
