import Contracts

/// Wires the Hello module and injects the clock and logger.
final class HelloBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let interactor = HelloInteractor(clock: try context.resolver.resolve(Clock.self),
                                         logger: try context.resolver.resolve(Logger.self))
        let router = HelloRouter(router: context.router)
        let presenter = HelloPresenter(interactor: interactor, router: router)
        let view = HelloView(presenter: presenter)
        presenter.view = view
        if let name = context.parameters["name"] {
            presenter.greet(name)
        }
        return BuiltModule(view: view, input: presenter, parts: [presenter, interactor, router])
    }
}
