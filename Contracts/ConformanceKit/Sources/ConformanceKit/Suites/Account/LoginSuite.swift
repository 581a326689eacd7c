import Contracts

extension ContractSuite {
    /// What every ``Login`` module promises (see its doc comment): it shows its
    /// reason; `cancel` and an accepted `signin NAME PASSWORD` close it and then
    /// report exactly once; a refused sign-in keeps it open, shows why, and reports
    /// nothing. Needs a ``Session`` among the services.
    public static let login = ContractSuite(for: Login.self, checks: [
        ModuleCheck("shows-reason", run: LoginChecks.showsReason),
        ModuleCheck("cancel-closes-then-reports-once", run: LoginChecks.cancel),
        ModuleCheck("sign-in-closes-then-reports-once", run: LoginChecks.signIn),
        ModuleCheck("refused-sign-in-stays-open-and-reports-nothing", run: LoginChecks.refused),
    ])
}

/// The checks of ``ContractSuite/login``.
enum LoginChecks {
    static func showsReason(_ harness: ModuleHarness) throws {
        let module = try harness.build()
        let reason = "Sign in to run the conformance check"
        try module.input(as: Login.self).reason = reason
        let screen = module.appear()
        try CheckFailure.unless(screen.shows(reason),
            expected: "the form to show its reason '\(reason)'", happened: SuiteSupport.drew(screen))
    }

    static func cancel(_ harness: ModuleHarness) throws {
        let (module, spy) = try build(harness)
        try module.perform("cancel")
        try SuiteSupport.closedThenReportedOnce(module, reports: spy.reports, closesBeforeReport: spy.closesBeforeReport,
                                                expected: "loginDidCancel")
    }

    static func signIn(_ harness: ModuleHarness) throws {
        let session = try SuiteSupport.required(Session.self, harness)
        _ = try SessionChecks.signIn(session)
        session.signOut()
        let (module, spy) = try build(harness)
        try module.perform("signin \(SessionChecks.userName) \(SessionChecks.password)")
        defer { session.signOut() }
        try SuiteSupport.closedThenReportedOnce(module, reports: spy.reports, closesBeforeReport: spy.closesBeforeReport,
                                                expected: "loginDidSucceed")
        try CheckFailure.unless(spy.users.map(\.name) == [SessionChecks.userName],
            expected: "loginDidSucceed with the user '\(SessionChecks.userName)'", happened: "it reported \(spy.users)")
    }

    static func refused(_ harness: ModuleHarness) throws {
        let session = try SuiteSupport.required(Session.self, harness)
        // A one-letter password: refused by sessions that check passwords at all.
        if (try? session.signIn(name: SessionChecks.userName, password: "x")) != nil {
            session.signOut()
            throw NotApplicable("the session accepts the password 'x', so the kit cannot make it refuse a sign-in")
        }
        let (module, spy) = try build(harness)
        do {
            try module.perform("signin \(SessionChecks.userName) x")
        } catch {
            // A module may refuse by throwing a command error; what matters is below.
        }
        let screen = module.render()
        try CheckFailure.unless(spy.reports.isEmpty,
            expected: "a refused sign-in to report nothing", happened: "it reported \(spy.reports)")
        try CheckFailure.unless(!module.router.calls.contains(.close),
            expected: "a refused sign-in to keep the form open", happened: "it closed")
        try CheckFailure.unless(!screen.errors.isEmpty,
            expected: "a refused sign-in to show why with screen.error", happened: SuiteSupport.drew(screen))
    }

    private static func build(_ harness: ModuleHarness) throws -> (ModuleUnderTest, OutputSpy) {
        let module = try harness.build()
        let spy = OutputSpy(router: module.router)
        try module.input(as: Login.self).output = spy
        module.appear()
        return (module, spy)
    }
}
