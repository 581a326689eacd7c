import Contracts

/// Signs in through the injected ``Session``. Accounts are made on purpose: when the session
/// is an ``AccountDirectory`` (the plugin's own), `signin` of a name without an account is
/// refused with what to type instead, and only ``doSignUp(_:)`` creates one.
final class LoginInteractor: LoginInteracting {
    weak var output: (any LoginInteractorOutput)?
    private let session: any Session
    private let passwords: any PasswordReading
    /// How long `--stay` keeps a sign-in when no duration is given.
    static let defaultStay = 8 * 3600.0

    init(session: any Session, passwords: any PasswordReading) {
        self.session = session
        self.passwords = passwords
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
            let stay = try Self.staySeconds(credentials.stay)
            let password = try credentials.password ?? passwords.password(for: credentials.name)
            let user = try session.signIn(name: credentials.name, password: password)
            try keep(for: stay)
            output?.handleSignedIn(user)
        } catch {
            output?.handleSignInRefused("\(error)")
        }
    }

    func doSignUp(_ credentials: Credentials) {
        do {
            let stay = try Self.staySeconds(credentials.stay)
            let password = try credentials.password ?? passwords.newPassword(for: credentials.name)
            let user: User
            if let directory = session as? any AccountDirectory {
                user = try directory.signUp(name: credentials.name, password: password)
            } else {
                user = try session.signIn(name: credentials.name, password: password)
            }
            try keep(for: stay)
            output?.handleSignedIn(user)
        } catch {
            output?.handleSignInRefused("\(error)")
        }
    }

    /// `--stay`'s duration in seconds: "" is ``defaultStay``; `30m`, `8h`, `7d` (a number and a
    /// unit, at most 30 days); nil without `--stay`. Throws a ``SignInError`` that shows the form.
    static func staySeconds(_ text: String?) throws -> Double? {
        guard let text else { return nil }
        guard !text.isEmpty else { return defaultStay }
        let units: [Character: Double] = ["m": 60, "h": 3600, "d": 86400]
        guard let unit = text.last.flatMap({ units[$0] }), let count = Double(text.dropLast()), count > 0,
              count * unit <= AccountSession.longestStay else {
            throw SignInError("'\(text)' is not how long to stay signed in: give minutes, hours or days up to 30 days, e.g. '--stay 8h' or '--stay 7d'")
        }
        return count * unit
    }

    /// Keeps the sign-in for `seconds` when asked; a session that cannot is said, after the sign-in.
    private func keep(for seconds: Double?) throws {
        guard let seconds else { return }
        guard let keeping = session as? any SignInKeeping else {
            throw SignInError("signed in, but this session cannot stay signed in beyond this viper; sign in without '--stay'")
        }
        _ = try keeping.stay(for: seconds)
    }
}
