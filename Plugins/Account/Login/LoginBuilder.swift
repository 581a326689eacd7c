import Contracts
import Foundation

/// Wires the sign-in module and injects the session. Opened by path, the `reason`
/// query (`login?reason=…`, what the sign-in guard redirects to) is the line shown
/// above the form; a module that presents it by contract sets ``Login/reason``.
final class LoginBuilder: ModuleBuilder {
    func build(_ context: any ModuleContext) throws -> BuiltModule {
        let interactor = LoginInteractor(session: try context.resolver.resolve(Session.self),
                                         passwords: ProcessPasswordReader(environment: ProcessInfo.processInfo.environment))
        let router = LoginRouter(router: context.router)
        let presenter = LoginPresenter(interactor: interactor, router: router)
        let view = LoginView(presenter: presenter)
        interactor.output = presenter
        presenter.view = view
        if let reason = context.parameters["reason"] { presenter.reason = reason }
        return BuiltModule(view: view, input: presenter, parts: [presenter, interactor, router])
    }
}
