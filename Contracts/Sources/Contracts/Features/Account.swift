/// Someone signed in to viper.
public struct User: Hashable, Sendable {
    /// The name the user signed in with.
    public let name: String

    /// Makes a user.
    public init(name: String) {
        self.name = name
    }
}

/// Who is signed in: a service shared by every module of the process (register it
/// with the default scope, `.process`).
///
///     if try resolver.resolve(Session.self).currentUser == nil {
///         try router.present(Login.self) { $0.output = self }
///     }
public protocol Session: AnyObject {
    /// The signed-in user, or nil.
    var currentUser: User? { get }
    /// Checks the credentials and signs `name` in; throws an error that says what
    /// was wrong when they are refused, and then leaves ``currentUser`` as it was.
    /// An empty name is always refused.
    func signIn(name: String, password: String) throws -> User
    /// Signs the current user out (nothing happens when nobody is signed in).
    func signOut()
}

/// The sign-in module's input (route `login`). Present it modally; it closes
/// itself and then tells its output, exactly once. Its view shows ``reason`` and
/// declares `signin NAME PASSWORD` and `cancel`; a refused sign-in keeps it open,
/// shows why (`Screen.error`) and tells the output nothing.
///
///     try router.present(Login.self) { login in
///         login.reason = "Sign in to edit notes"
///         login.output = self
///     }
public protocol Login: AnyObject {
    /// Who hears the outcome (held weakly).
    var output: (any LoginOutput)? { get set }
    /// One line shown above the form saying why sign-in is needed.
    var reason: String { get set }
}

/// What the sign-in module tells the module that presented it.
public protocol LoginOutput: AnyObject {
    /// `user` signed in; the sign-in module has closed.
    func loginDidSucceed(_ user: User)
    /// The user gave up; the sign-in module has closed.
    func loginDidCancel()
}

extension LoginOutput {
    /// Does nothing.
    public func loginDidCancel() {}
}

/// The account status line: a one-line submodule that a parent module embeds
/// (``Router/embed(_:name:prepare:)``) to show who is signed in.
///
///     statusLine = try router.embed(AccountStatus.self) { status = $0 }
///     // after a sign-in:
///     status?.refresh()
public protocol AccountStatus: AnyObject {
    /// Reads the session again and redraws: the signed-in user's name, or no name
    /// when nobody is signed in. The parent calls it when it knows the signed-in
    /// user changed.
    func refresh()
}
