import Contracts

/// Wires the upcoming list and injects the store, the clock, the logger, the
/// locale's first weekday and the plugin's undo history.
final class TodoListBuilder: ModuleBuilder {
    private let history: UndoHistory
    private let firstWeekday: Int

    init(history: UndoHistory = UndoHistory(), firstWeekday: Int = WeekStart.iso) {
        self.history = history
        self.firstWeekday = firstWeekday
    }

    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let interactor = TodoListInteractor(store: try context.resolver.resolve(TodoStore.self),
                                            clock: try context.resolver.resolve(Clock.self),
                                            logger: try context.resolver.resolve(Logger.self),
                                            firstWeekday: firstWeekday, history: history)
        let router = TodoListRouter(router: context.router)
        let presenter = TodoListPresenter(interactor: interactor, router: router)
        let view = TodoListView(presenter: presenter)
        interactor.output = presenter
        presenter.view = view
        return BuiltModule(view: view, input: presenter, parts: [presenter, interactor, router])
    }
}
