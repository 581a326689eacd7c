import Contracts

/// A ``ModuleContext`` made by the kit: a resolver, a ``SpyRouter``, route parameters
/// and the route's configuration.
public final class StubModuleContext: ModuleContext {
    /// What the builder resolves services from.
    public let resolver: any Resolver
    /// The spy the module navigates through.
    public let spyRouter: SpyRouter
    /// Route parameters (empty when opened by contract, as the kit does).
    public let parameters: RouteParameters

    /// The configuration the route carried to the builder (``ModuleConfiguration``);
    /// nil by default, as when a module is opened without one.
    public var configuration: (any ModuleConfiguration)?

    /// The module's router: ``spyRouter``.
    public var router: any Router { spyRouter }

    /// Makes a context.
    public init(resolver: any Resolver, router: SpyRouter = SpyRouter(), parameters: RouteParameters = RouteParameters()) {
        self.resolver = resolver
        self.spyRouter = router
        self.parameters = parameters
    }
}
