import Contracts

/// Presenter → View: what to draw.
protocol LoginViewing: AnyObject {
    func didUpdate(_ model: LoginViewModel)
}

/// View → Presenter: what the user did.
protocol LoginEventHandling: AnyObject {
    func didAppear()
    func didSubmit(name: String, password: String)
    func didAskToCancel()
    /// The shell removed the form (`close`, `dismiss`, `home`, ...): tell the output, as `cancel` would.
    func didLeaveWithoutSigningIn()
}

/// Presenter → Interactor: the use case.
protocol LoginInteracting: AnyObject {
    var signedInUserName: String? { get }
    func doSignIn(_ credentials: Credentials)
}

/// Interactor → Presenter: the outcome.
protocol LoginInteractorOutput: AnyObject {
    func handleSignedIn(_ user: User)
    func handleSignInRefused(_ reason: String)
}

/// Presenter → Router.
protocol LoginRouting: AnyObject {
    func close()
}

/// What the view draws: display strings only; never the password.
struct LoginViewModel: Equatable {
    var reason: String?
    var status = "Not signed in."
    var error: String?
}
