import Contracts

/// Wires the add form and injects the store and the clock.
final class TodoAddBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let interactor = TodoAddInteractor(store: try context.resolver.resolve(TodoStore.self),
                                           clock: try context.resolver.resolve(Clock.self))
        let router = TodoAddRouter(router: context.router)
        let presenter = TodoAddPresenter(interactor: interactor, router: router)
        let view = TodoAddView(presenter: presenter)
        interactor.output = presenter
        presenter.view = view
        presenter.start()
        presenter.prefill(name: context.parameters["name"] ?? "")
        return BuiltModule(view: view, input: presenter, parts: [presenter, interactor, router])
    }
}
