import Contracts
@testable import NoteStoragePlugin

/// The session the store asks whose notes to show: nobody signs in here.
final class StubSignedOutSession: Session {
    var currentUser: User? { nil }
    func signIn(name: String, password: String) throws -> User { throw NoteStoreError(path: "", message: "no sign-in here") }
    func signOut() {}
}
