import Contracts

/// Wires the item editor and injects the store and the clock. What to edit arrives
/// through ``TodoItemEditing/edit(_:)``, or from the route `todo/:id`.
final class TodoEditBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let interactor = TodoEditInteractor(store: try context.resolver.resolve(TodoStore.self),
                                            clock: try context.resolver.resolve(Clock.self))
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
