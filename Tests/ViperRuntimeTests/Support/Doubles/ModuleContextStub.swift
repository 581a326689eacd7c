import Contracts

/// The context a builder gets, with a real resolver and a router that goes nowhere.
final class ModuleContextStub: ModuleContext {
    let resolver: any Resolver
    let router: any Router
    let parameters: RouteParameters

    init(resolver: any Resolver, router: any Router = RouterDummy(), parameters: RouteParameters = RouteParameters()) {
        self.resolver = resolver
        self.router = router
        self.parameters = parameters
    }
}
