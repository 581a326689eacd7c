import Contracts

extension ContractSuite {
    /// What every ``Session`` promises (see its doc comment): one instance shared by
    /// the process; a refused sign-in throws and leaves the user as it was; an
    /// accepted one makes that user current until sign-out.
    ///
    /// It signs in as ``SessionChecks/userName`` with ``SessionChecks/password``;
    /// when a session refuses those, the sign-in check is not applicable.
    public static let session = ContractSuite(for: Session.self, serviceChecks: [
        ServiceCheck("one-instance-per-process", run: SessionChecks.shared),
        ServiceCheck("refused-sign-in-throws-and-keeps-user", run: SessionChecks.refused),
        ServiceCheck("sign-in-then-sign-out", run: SessionChecks.signInThenOut),
    ])
}

/// The checks of ``ContractSuite/session``, and the credentials the kit signs in with.
public enum SessionChecks {
    /// The name the kit signs in with.
    public static let userName = "conformance"
    /// The password the kit signs in with.
    public static let password = "conformance-check"

    static func shared(_ harness: ServiceHarness) throws {
        try CheckFailure.unless(harness.service.scope == .process,
            expected: "one Session shared by every module of the process", happened: "it is registered with scope \(harness.service.scope)",
            fix: "register it with the default scope (.process)")
    }

    static func refused(_ harness: ServiceHarness) throws {
        let session = try harness.make(Session.self)
        let before = session.currentUser
        do {
            let user = try session.signIn(name: "", password: "")
            throw CheckFailure(expected: "signIn with an empty name to throw", happened: "it signed in \(user)")
        } catch let failure as CheckFailure {
            throw failure
        } catch {
            try CheckFailure.unless(!String(describing: error).isEmpty,
                expected: "the refusal to say what was wrong", happened: "its error has no description")
        }
        try CheckFailure.unless(session.currentUser == before,
            expected: "a refused sign-in to leave currentUser as it was (\(String(describing: before)))",
            happened: "it is \(String(describing: session.currentUser))")
    }

    static func signInThenOut(_ harness: ServiceHarness) throws {
        let session = try harness.make(Session.self)
        let user = try signIn(session)
        try CheckFailure.unless(user.name == userName,
            expected: "signIn to return the user '\(userName)'", happened: "it returned '\(user.name)'")
        try CheckFailure.unless(session.currentUser == user,
            expected: "currentUser to be '\(userName)' after signing in", happened: "it is \(String(describing: session.currentUser))")
        session.signOut()
        try CheckFailure.unless(session.currentUser == nil,
            expected: "no currentUser after signOut()", happened: "it is \(String(describing: session.currentUser))")
        session.signOut()
        try CheckFailure.unless(session.currentUser == nil,
            expected: "signOut() with nobody signed in to do nothing", happened: "currentUser is \(String(describing: session.currentUser))")
    }

    /// Signs in with the kit's credentials, or throws ``NotApplicable`` when they are refused.
    static func signIn(_ session: any Session) throws -> User {
        do {
            return try session.signIn(name: userName, password: password)
        } catch {
            throw NotApplicable("the session refused the kit's credentials ('\(userName)'): \(error)")
        }
    }
}
