import Contracts

/// What the sign-in form needs beyond ``Session`` to make accounts on purpose: whether a name
/// has an account (so `signin` of an unknown name asks, or in a script fails, instead of
/// creating one), and creating one. ``AccountSession`` adopts it; a ``Session`` from another
/// plugin that does not is signed in to as it decides.
protocol AccountDirectory: AnyObject {
    /// Whether `name` has an account; throws for a name that cannot be one.
    func hasAccount(named name: String) throws -> Bool
    /// Creates the account `name` with `password` and signs it in; throws when it exists.
    func signUp(name: String, password: String) throws -> User
}
