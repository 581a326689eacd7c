import Contracts

/// The ``Session`` of this process, over the accounts of the data folder.
///
/// `signIn` with a name that has no account creates it, once, keeping only a salted
/// PBKDF2 hash of the password (``PasswordHashing``); with a name that has one, the
/// password must derive the same key, or the sign-in is refused and nobody is signed
/// in afterwards who was not before. Who is signed in lasts for the process.
final class AccountSession: Session {
    static let minimumPasswordLength = 6
    private let accounts: any AccountStore
    private let hashing: any PasswordHashing
    private let logger: any Logger
    private(set) var currentUser: User?

    init(accounts: any AccountStore, hashing: any PasswordHashing, logger: any Logger) {
        self.accounts = accounts
        self.hashing = hashing
        self.logger = logger
    }

    func signIn(name: String, password: String) throws -> User {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_")
        guard !name.isEmpty, name.count <= 32, name.allSatisfy({ allowed.contains($0) }) else {
            throw SignInError("'\(name)' is not a user name: use 1 to 32 letters, digits, '.', '-' or '_'")
        }
        if let account = try accounts.account(named: name) {
            guard try hashing.verify(password, against: account.password) else {
                logger.log(.warning, "wrong password for \(name)", source: "account")
                throw SignInError("wrong password for '\(name)'; try again, or 'cancel'")
            }
        } else {
            guard password.count >= Self.minimumPasswordLength else {
                throw SignInError("the password is too short: a new account needs at least \(Self.minimumPasswordLength) characters")
            }
            try accounts.add(StoredAccount(name: name, password: try hashing.hash(password)))
            logger.log(.info, "created the account \(name)", source: "account")
        }
        let user = User(name: name)
        currentUser = user
        logger.log(.info, "\(name) signed in", source: "account")
        return user
    }

    func signOut() {
        if let user = currentUser {
            logger.log(.info, "\(user.name) signed out", source: "account")
        }
        currentUser = nil
    }
}
