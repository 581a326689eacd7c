import Contracts

/// Presenter → View: what to draw.
protocol LoginViewing: AnyObject {
    func didUpdate(_ model: LoginViewModel)
}

/// View → Presenter: what the user did.
protocol LoginEventHandling: AnyObject {
    func didAppear()
    func didSubmit(_ credentials: Credentials)
    /// `signup NAME PASSWORD`, or a `signin` of a new name the person agreed to create.
    func didAskToCreate(_ credentials: Credentials)
    /// The question `signin NAME …` asks at a terminal before it creates an account; nil when `name` has one.
    func creationQuestion(for name: String) -> String?
    func didAskToCancel()
    /// The shell removed the form (`close`, `dismiss`, `home`, ...): tell the output, as `cancel` would.
    func didLeaveWithoutSigningIn()
}

/// Presenter → Interactor: the use case.
protocol LoginInteracting: AnyObject {
    var signedInUserName: String? { get }
    /// Signs in to an existing account; a name without one is refused, saying how to create it.
    /// Without a password in `credentials` it reads one (``PasswordReading``); with `stay` it keeps
    /// the sign-in on this data folder for that long (``SignInKeeping``).
    func doSignIn(_ credentials: Credentials)
    /// Creates the account and signs in; an existing name is refused.
    func doSignUp(_ credentials: Credentials)
    /// Whether `name` is a valid name that has no account yet (so a `signin` would create it).
    func isNewAccount(_ name: String) -> Bool
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
