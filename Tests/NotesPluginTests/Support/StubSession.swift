import Contracts

/// A session that is signed in or not, as the test says.
final class StubSession: Session {
    var currentUser: User?

    init(signedInAs name: String? = nil) {
        currentUser = name.map(User.init)
    }

    func signIn(name: String, password: String) throws -> User {
        let user = User(name: name)
        currentUser = user
        return user
    }

    func signOut() {
        currentUser = nil
    }
}
