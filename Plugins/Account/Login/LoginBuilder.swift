import Contracts

/// Wires the sign-in module and injects the session.
final class LoginBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let interactor = LoginInteractor(session: try context.resolver.resolve(Session.self))
        let router = LoginRouter(router: context.router)
        let presenter = LoginPresenter(interactor: interactor, router: router)
        let view = LoginView(presenter: presenter)
        interactor.output = presenter
        presenter.view = view
        return BuiltModule(view: view, input: presenter, parts: [presenter, interactor, router])
    }
}
