import Contracts

/// Signs in through the injected ``Session``. Accounts are made on purpose: when the session
/// is an ``AccountDirectory`` (the plugin's own), `signin` of a name without an account is
/// refused with what to type instead, and only ``doSignUp(_:)`` creates one.
final class LoginInteractor: LoginInteracting {
    weak var output: (any LoginInteractorOutput)?
    private let session: any Session

    init(session: any Session) {
        self.session = session
    }

    var signedInUserName: String? { session.currentUser?.name }

    func isNewAccount(_ name: String) -> Bool {
        guard let directory = session as? any AccountDirectory else { return false }
        return (try? directory.hasAccount(named: name)) == false
    }

    func doSignIn(_ credentials: Credentials) {
        if isNewAccount(credentials.name) {
            output?.handleSignInRefused("there is no account '\(credentials.name)'; check the name, or 'signup \(credentials.name) PASSWORD' creates it")
            return
        }
        do {
            output?.handleSignedIn(try session.signIn(name: credentials.name, password: credentials.password))
        } catch {
            output?.handleSignInRefused("\(error)")
        }
    }

    func doSignUp(_ credentials: Credentials) {
        do {
            guard let directory = session as? any AccountDirectory else {
                output?.handleSignedIn(try session.signIn(name: credentials.name, password: credentials.password))
                return
            }
            output?.handleSignedIn(try directory.signUp(name: credentials.name, password: credentials.password))
        } catch {
            output?.handleSignInRefused("\(error)")
        }
    }
}
