import Contracts

/// What a ``ModuleBuilder`` gets for one build: a resolver that names the module
/// as the requester, the module's own router, the path's parameters, and the
/// route's configuration.
final class HostModuleContext: ModuleContext {
    let resolver: any Resolver
    let router: any Router
    package let parameters: RouteParameters
    let configuration: (any ModuleConfiguration)?

    init(resolver: any Resolver, router: any Router, parameters: RouteParameters,
         configuration: (any ModuleConfiguration)? = nil) {
        self.resolver = resolver
        self.router = router
        self.parameters = parameters
        self.configuration = configuration
    }
}
