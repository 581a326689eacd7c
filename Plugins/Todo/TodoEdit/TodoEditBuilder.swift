import Contracts

/// Wires the item editor and injects the data manager, the clock and the locale's date
/// order. What to edit arrives through ``TodoItemEditing/edit(itemID:)``, or from the route `todo/:id`.
final class TodoEditBuilder: ModuleBuilder {
    private let order: DateOrder

    init(order: DateOrder = .dayMonthYear) {
        self.order = order
    }

    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let clock = try context.resolver.resolve(Clock.self)
        let interactor = TodoEditInteractor(data: TodoDataManager(store: try context.resolver.resolve(TodoStore.self), clock: clock),
                                            clock: clock, order: order)
        let router = TodoEditRouter(router: context.router)
        let presenter = TodoEditPresenter(interactor: interactor, router: router)
        let view = TodoEditView(presenter: presenter)
        interactor.output = presenter
        presenter.view = view
        if context.parameters["id"] != nil {
            try presenter.edit(itemID: Int64(try context.parameters.integer("id")))
        }
        return BuiltModule(view: view, input: presenter, parts: [presenter, interactor, router])
    }
}
