/// One account as stored: its name and its password's hash, never the password.
struct StoredAccount: Equatable {
    let name: String
    let password: PasswordHash
}

/// Where accounts are kept: `accounts.sqlite` in viper (``SQLiteAccountStore``), memory in tests.
protocol AccountStore: AnyObject {
    /// The account called `name`, or nil when there is none.
    func account(named name: String) throws -> StoredAccount?
    /// Stores a new account; throws when `name` is taken (a name is created once).
    func add(_ account: StoredAccount) throws
    /// The wrong passwords given for `name` in a row and its lock-out; ``FailedSignIns/none`` when there were none.
    func failedSignIns(of name: String) throws -> FailedSignIns
    /// Keeps `failures` for `name` (``FailedSignIns/none`` clears them).
    func setFailedSignIns(_ failures: FailedSignIns, of name: String) throws
    /// Keeps `signIn`, replacing one with the same digest.
    func keep(_ signIn: KeptSignIn) throws
    /// The kept sign-in with `digest` ("" for the machine's stay-signed-in), or nil.
    func keptSignIn(digest: String) throws -> KeptSignIn?
    /// Forgets every kept sign-in of `name` (it signed out), and every one that expired before `now`.
    func forgetSignIns(of name: String, expiredBefore now: Double) throws
}
