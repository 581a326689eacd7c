import Contracts

/// The context a builder gets, with a real resolver and a router that goes nowhere.
package final class ModuleContextStub: ModuleContext {
    package let resolver: any Resolver
    package let router: any Router
    package let parameters: RouteParameters

    package init(resolver: any Resolver, router: any Router = RouterDummy(), parameters: RouteParameters = RouteParameters()) {
        self.resolver = resolver
        self.router = router
        self.parameters = parameters
    }
}
