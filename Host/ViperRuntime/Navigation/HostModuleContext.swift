import Contracts

/// What a ``ModuleBuilder`` gets for one build: a resolver that names the module
/// as the requester, the module's own router, and the path's parameters.
final class HostModuleContext: ModuleContext {
    let resolver: any Resolver
    let router: any Router
    package let parameters: RouteParameters

    init(resolver: any Resolver, router: any Router, parameters: RouteParameters) {
        self.resolver = resolver
        self.router = router
        self.parameters = parameters
    }
}
