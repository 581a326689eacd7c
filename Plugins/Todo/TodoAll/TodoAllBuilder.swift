import Contracts

/// Wires the all-items view and injects the data manager (over the store and the clock),
/// the clock, the logger and the locale's first weekday.
final class TodoAllBuilder: ModuleBuilder {
    private let firstWeekday: Int

    init(firstWeekday: Int) {
        self.firstWeekday = firstWeekday
    }

    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let clock = try context.resolver.resolve(Clock.self)
        let interactor = TodoAllInteractor(data: TodoDataManager(store: try context.resolver.resolve(TodoStore.self), clock: clock),
                                           clock: clock, logger: try context.resolver.resolve(Logger.self),
                                           firstWeekday: firstWeekday)
        let router = TodoAllRouter(router: context.router)
        let presenter = TodoAllPresenter(interactor: interactor, router: router, json: TodoJSON.wanted())
        let view = TodoAllView(presenter: presenter)
        interactor.output = presenter
        presenter.view = view
        return BuiltModule(view: view, input: presenter, parts: [presenter, interactor, router])
    }
}
