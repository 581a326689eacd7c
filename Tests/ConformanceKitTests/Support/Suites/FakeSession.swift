import Contracts
import ViperTestSupport

/// A ``Session`` that accepts any non-empty name with a password of four or more
/// characters; each flaw breaks one promise of the contract.
final class FakeSession: Session {
    enum Flaw: CaseIterable {
        /// Signs in an empty name.
        case acceptsEmptyName
        /// Keeps the user after signOut().
        case keepsUserAfterSignOut
        /// Refuses everyone (the kit's sign-in checks are then not applicable).
        case refusesEveryone
    }

    private let flaw: Flaw?
    private(set) var currentUser: User?

    init(flaw: Flaw? = nil) {
        self.flaw = flaw
    }

    func signIn(name: String, password: String) throws -> User {
        guard flaw != .refusesEveryone else { throw StubError("nobody may sign in") }
        if name.isEmpty {
            guard flaw == .acceptsEmptyName else { throw StubError("a name is needed") }
        } else {
            guard password.count >= 4 else { throw StubError("the password of '\(name)' is too short") }
        }
        let user = User(name: name)
        currentUser = user
        return user
    }

    func signOut() {
        if flaw != .keepsUserAfterSignOut { currentUser = nil }
    }
}
