import Contracts

/// Wires the status line and injects the session. It has no Router (a status
/// line goes nowhere) and no Entity of its own (it shows a ``User``'s name).
final class AccountStatusBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let interactor = AccountStatusInteractor(session: try context.resolver.resolve(Session.self))
        let presenter = AccountStatusPresenter(interactor: interactor,
                                               timeZoneIdentifier: try context.resolver.resolve(Clock.self).timeZoneIdentifier)
        let view = AccountStatusView(presenter: presenter)
        presenter.view = view
        presenter.refresh()
        return BuiltModule(view: view, input: presenter, parts: [presenter, interactor])
    }
}
