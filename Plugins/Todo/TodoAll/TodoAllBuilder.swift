import Contracts

/// Wires the all-items view and injects the store, the clock, the logger, the
/// locale's first weekday and the plugin's undo history.
final class TodoAllBuilder: ModuleBuilder {
    private let history: UndoHistory
    private let firstWeekday: Int

    init(history: UndoHistory, firstWeekday: Int) {
        self.history = history
        self.firstWeekday = firstWeekday
    }

    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let interactor = TodoAllInteractor(store: try context.resolver.resolve(TodoStore.self),
                                           clock: try context.resolver.resolve(Clock.self),
                                           logger: try context.resolver.resolve(Logger.self),
                                           firstWeekday: firstWeekday, history: history)
        let router = TodoAllRouter(router: context.router)
        let presenter = TodoAllPresenter(interactor: interactor, router: router)
        let view = TodoAllView(presenter: presenter)
        interactor.output = presenter
        presenter.view = view
        return BuiltModule(view: view, input: presenter, parts: [presenter, interactor, router])
    }
}
