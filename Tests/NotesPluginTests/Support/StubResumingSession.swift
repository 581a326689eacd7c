import Contracts
import ViperTestSupport

/// A session that carries its sign-in by token, as the account plugin's does: `token` resumes
/// `tokenOwner`; any other token is refused. Records the tokens it was asked to resume.
final class StubResumingSession: SessionResuming {
    var currentUser: User?
    let token = "token-of-ada"
    var tokenOwner = "ada"
    private(set) var resumed: [String] = []

    init(signedInAs name: String? = nil) {
        currentUser = name.map(User.init)
    }

    var resumeToken: String? { currentUser == nil ? nil : token }

    func resume(_ token: String) throws -> User {
        resumed.append(token)
        guard token == self.token else { throw StubError(description: "the sign-in kept with this work has expired") }
        let user = User(name: tokenOwner)
        currentUser = user
        return user
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
