import Contracts

/// Wires the add form and injects the data manager (over the store and the clock), the
/// clock and the locale's date order.
final class TodoAddBuilder: ModuleBuilder {
    private let order: DateOrder

    init(order: DateOrder = .dayMonthYear) {
        self.order = order
    }

    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let clock = try context.resolver.resolve(Clock.self)
        let interactor = TodoAddInteractor(data: TodoDataManager(store: try context.resolver.resolve(TodoStore.self), clock: clock),
                                           clock: clock, order: order)
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
