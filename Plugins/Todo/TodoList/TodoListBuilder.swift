import Contracts

/// Wires the upcoming list and injects the store, the clock and the logger.
final class TodoListBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let interactor = TodoListInteractor(store: try context.resolver.resolve(TodoStore.self),
                                            clock: try context.resolver.resolve(Clock.self),
                                            logger: try context.resolver.resolve(Logger.self))
        let router = TodoListRouter(router: context.router)
        let presenter = TodoListPresenter(interactor: interactor, router: router)
        let view = TodoListView(presenter: presenter)
        interactor.output = presenter
        presenter.view = view
        return BuiltModule(view: view, input: presenter, parts: [presenter, interactor, router])
    }
}
