import Contracts

extension ContractSuite {
    /// What every ``AccountStatus`` module promises (see its doc comment): after
    /// `refresh()` it shows the signed-in user's name, and after a sign-out and
    /// another `refresh()` it no longer does. Needs a ``Session`` among the services.
    public static let accountStatus = ContractSuite(for: AccountStatus.self, checks: [
        ModuleCheck("refresh-shows-who-is-signed-in", run: AccountStatusChecks.refresh),
    ])
}

/// The checks of ``ContractSuite/accountStatus``.
enum AccountStatusChecks {
    static func refresh(_ harness: ModuleHarness) throws {
        let session = try SuiteSupport.required(Session.self, harness)
        session.signOut()
        let module = try harness.build()
        let status = try module.input(as: AccountStatus.self)
        module.appear()
        let user = try SessionChecks.signIn(session)
        defer { session.signOut() }
        status.refresh()
        let signedIn = module.render()
        try CheckFailure.unless(signedIn.shows(user.name),
            expected: "after a sign-in and refresh() the line to show '\(user.name)'", happened: SuiteSupport.drew(signedIn))
        session.signOut()
        status.refresh()
        let signedOut = module.render()
        try CheckFailure.unless(!signedOut.shows(user.name),
            expected: "after a sign-out and refresh() the line not to show '\(user.name)'", happened: SuiteSupport.drew(signedOut))
    }
}
