import Contracts

/// Signs in through the injected ``Session``.
final class LoginInteractor: LoginInteracting {
    weak var output: (any LoginInteractorOutput)?
    private let session: any Session

    init(session: any Session) {
        self.session = session
    }

    var signedInUserName: String? { session.currentUser?.name }

    func doSignIn(_ credentials: Credentials) {
        do {
            output?.handleSignedIn(try session.signIn(name: credentials.name, password: credentials.password))
        } catch {
            output?.handleSignInRefused("\(error)")
        }
    }
}
