import Contracts

/// Wires the finished-items view and injects the data manager and the clock. It has no
/// Router: it opens no other module (`back` is the shell's).
final class TodoDoneBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let clock = try context.resolver.resolve(Clock.self)
        let interactor = TodoDoneInteractor(data: TodoDataManager(store: try context.resolver.resolve(TodoStore.self), clock: clock),
                                            clock: clock)
        let presenter = TodoDonePresenter(interactor: interactor, json: TodoJSON.wanted())
        let view = TodoDoneView(presenter: presenter)
        interactor.output = presenter
        presenter.view = view
        return BuiltModule(view: view, input: presenter, parts: [presenter, interactor])
    }
}
