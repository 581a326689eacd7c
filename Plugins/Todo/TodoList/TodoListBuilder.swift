import Contracts

/// Wires the upcoming list and injects the data manager (over the store and the clock),
/// the clock, the logger and the locale's first weekday, and whether the list is wanted as
/// data (``TodoJSON/wanted(environment:)``, read when the module is built).
final class TodoListBuilder: ModuleBuilder {
    private let firstWeekday: Int

    init(firstWeekday: Int = WeekStart.iso) {
        self.firstWeekday = firstWeekday
    }

    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let clock = try context.resolver.resolve(Clock.self)
        let interactor = TodoListInteractor(data: TodoDataManager(store: try context.resolver.resolve(TodoStore.self), clock: clock),
                                            clock: clock, logger: try context.resolver.resolve(Logger.self),
                                            firstWeekday: firstWeekday)
        let router = TodoListRouter(router: context.router)
        let presenter = TodoListPresenter(interactor: interactor, router: router, json: TodoJSON.wanted())
        let view = TodoListView(presenter: presenter)
        interactor.output = presenter
        presenter.view = view
        return BuiltModule(view: view, input: presenter, parts: [presenter, interactor, router])
    }
}
