import Contracts

/// The ``Session`` of this process: a demo sign-in in the spirit of ZIKViper's
/// login screen. Any name of letters, digits, `.`, `-` or `_` signs in with a
/// password of at least four characters; nothing is stored, so each run starts
/// signed out. A real plugin would check credentials here; the modules that
/// use ``Session`` would not change.
final class DemoSession: Session {
    static let minimumPasswordLength = 4
    private let logger: any Logger
    private(set) var currentUser: User?

    init(logger: any Logger) {
        self.logger = logger
    }

    func signIn(name: String, password: String) throws -> User {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_")
        guard !name.isEmpty, name.count <= 32, name.allSatisfy({ allowed.contains($0) }) else {
            throw SignInError("'\(name)' is not a user name: use 1 to 32 letters, digits, '.', '-' or '_'")
        }
        guard password.count >= Self.minimumPasswordLength else {
            throw SignInError("the password is too short: use at least \(Self.minimumPasswordLength) characters")
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
