import Contracts

/// Runs the sign-in form. On success it closes the module first and then tells
/// its output, so the module below can carry on (for example open the editor).
final class LoginPresenter: Login, LoginEventHandling, LoginInteractorOutput {
    weak var view: (any LoginViewing)?
    weak var output: (any LoginOutput)?
    var reason = "" {
        didSet { refresh() }
    }
    private let interactor: any LoginInteracting
    private let router: any LoginRouting
    private var error: String?

    init(interactor: any LoginInteracting, router: any LoginRouting) {
        self.interactor = interactor
        self.router = router
    }

    func didAppear() {
        refresh()
    }

    func didSubmit(_ credentials: Credentials) {
        interactor.doSignIn(credentials)
    }

    func didAskToCreate(_ credentials: Credentials) {
        interactor.doSignUp(credentials)
    }

    func creationQuestion(for name: String) -> String? {
        interactor.isNewAccount(name) ? "No account '\(name)'. Create it?" : nil
    }

    func didAskToCancel() {
        let output = self.output
        router.close()
        output?.loginDidCancel()
    }

    func didLeaveWithoutSigningIn() {
        output?.loginDidCancel()
    }

    func handleSignedIn(_ user: User) {
        error = nil
        let output = self.output
        router.close()
        output?.loginDidSucceed(user)
    }

    func handleSignInRefused(_ reason: String) {
        error = "Sign-in refused: \(reason)"
        refresh()
    }

    private func refresh() {
        var model = LoginViewModel()
        model.reason = reason.isEmpty ? nil : reason
        model.status = interactor.signedInUserName.map { "Signed in as \($0)." } ?? "Not signed in."
        model.error = error
        view?.didUpdate(model)
    }
}
