import Contracts

/// Wires the Hello module. Its needs are declared once, in `dependencies`: the host checks
/// them before the shell opens and `build(_:with:)` receives them resolved (Contracts 1.6).
final class HelloBuilder: DependentModuleBuilder {
    static let dependencies = Dependencies(Clock.self, Logger.self)

    func build(_ context: any ModuleContext, with needs: (any Clock, any Logger)) throws -> BuiltModule {
        let (clock, logger) = needs
        let interactor = HelloInteractor(clock: clock, logger: logger)
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
