import Contracts

/// What a ``ModuleBuilder`` gets for one build: a resolver that names the module
/// as the requester, the module's own router, the path's parameters, and the
/// route's configuration.
package final class HostModuleContext: ModuleContext {
    package let resolver: any Resolver
    package let router: any Router
    package let parameters: RouteParameters
    package let configuration: (any ModuleConfiguration)?
    /// Whether the module is put on screen as soon as it is built, with no call into its plugin
    /// in between (nothing it covers or removes is that plugin's): a builder whose module runs in
    /// another process may run the appearance there with the build, one wait instead of two.
    package var appearsAtOnce = false

    package init(
        resolver: any Resolver, router: any Router, parameters: RouteParameters,
        configuration: (any ModuleConfiguration)? = nil
    ) {
        self.resolver = resolver
        self.router = router
        self.parameters = parameters
        self.configuration = configuration
    }
}
