import ConformanceKit
import Contracts
import Testing

/// The suites of module contracts against fakes: a faithful one passes every check,
/// each flaw fails the promise it breaks, by name.
@Suite struct ModuleSuiteTests {
    private func suiteChecks(_ report: ConformanceReport, _ subject: String, _ suite: ContractSuite) -> [CheckResult] {
        report.results.filter { $0.subject == subject && suite.checks.map(\.name).contains($0.check) }
    }

    private func login(_ flaw: FakeLoginPresenter.Flaw?, session: FakeSession = FakeSession()) throws -> ConformanceReport {
        try SuiteCheck.module(Login.self, FakeBuilder<FakeLoginPresenter>(flaw: flaw), requires: [.service(Session.self)]) {
            $0.register(Session.self, instance: session)
        }
    }

    @Test func aFaithfulLoginPassesEveryPromise() throws {
        let report = try login(nil)
        #expect(report.conforms, "\(report)")
        #expect(suiteChecks(report, "Login", .login).count == ContractSuite.login.checks.count)
        #expect(report.notApplicable.isEmpty, "\(report)")
    }

    @Test(arguments: [
        (FakeLoginPresenter.Flaw.reportsCancelTwice, "cancel-closes-then-reports-once"),
        (.reportsBeforeClosing, "sign-in-closes-then-reports-once"),
        (.hidesReason, "shows-reason"),
        (.closesWhenRefused, "refused-sign-in-stays-open-and-reports-nothing"),
    ])
    func aLoginThatBreaksAPromiseFailsItByName(flaw: FakeLoginPresenter.Flaw, promise: String) throws {
        #expect(try login(flaw).failed("Login").contains(promise))
    }

    @Test func aLoginThatReportsTwiceIsToldItReportedTwice() throws {
        let reason = try login(.reportsCancelTwice).result("cancel-closes-then-reports-once", subject: "Login")?.reason
        #expect(reason == "expected exactly one report through output, loginDidCancel, but it reported "
                + "[\"loginDidCancel\", \"loginDidCancel\"]; tell the output once, after closing")
    }

    @Test func withASessionThatRefusesEveryoneTheSignInPromiseIsNotApplicable() throws {
        let report = try login(nil, session: FakeSession(flaw: .refusesEveryone))
        #expect(report.conforms, "\(report)")
        #expect(report.notApplicable.map(\.check) == ["sign-in-closes-then-reports-once"])
    }

    @Test func anAccountStatusThatIgnoresRefreshFailsRefreshShowsWhoIsSignedIn() throws {
        func check(_ flaw: FakeAccountStatusPresenter.Flaw?) throws -> ConformanceReport {
            try SuiteCheck.module(AccountStatus.self, FakeBuilder<FakeAccountStatusPresenter>(flaw: flaw),
                                  requires: [.service(Session.self)]) { $0.register(Session.self, instance: FakeSession()) }
        }
        let good = try check(nil)
        #expect(good.conforms, "\(good)")
        #expect(good.result("refresh-shows-who-is-signed-in", subject: "AccountStatus")?.passed == true)
        #expect(try check(.ignoresRefresh).failed("AccountStatus") == ["refresh-shows-who-is-signed-in"])
    }

    private func noteList(_ flaw: FakeNoteListPresenter.Flaw?) throws -> ConformanceReport {
        try SuiteCheck.module(NoteListing.self, FakeBuilder<FakeNoteListPresenter>(flaw: flaw), requires: [.service(NoteStore.self)]) {
            $0.register(NoteStore.self) { FakeNoteStore(folder: try $0.resolve(DataFolder.self)) }
        }
    }

    @Test func aFaithfulNoteListPassesEveryPromise() throws {
        let report = try noteList(nil)
        #expect(report.conforms, "\(report)")
        #expect(suiteChecks(report, "NoteListing", .noteListing).count == ContractSuite.noteListing.checks.count)
    }

    @Test(arguments: [
        (FakeNoteListPresenter.Flaw.noEmptyState, "shows-empty-state-without-notes"),
        (.oldestFirst, "lists-notes-newest-first"),
        (.ignoresReload, "reload-shows-changes"),
    ])
    func aNoteListThatBreaksAPromiseFailsItByName(flaw: FakeNoteListPresenter.Flaw, promise: String) throws {
        #expect(try noteList(flaw).failed("NoteListing") == [promise])
    }

    private func todoServices(_ table: ServiceTable) {
        table.register(TodoStore.self) { FakeTodoStore(folder: try $0.resolve(DataFolder.self)) }
    }

    @Test(arguments: [nil, FakeTodoListPresenter.Flaw.errorWhenEmpty, .ignoresReload])
    func aTodoListFailsOnlyThePromiseItBreaks(flaw: FakeTodoListPresenter.Flaw?) throws {
        let report = try SuiteCheck.module(TodoListing.self, FakeBuilder<FakeTodoListPresenter>(flaw: flaw),
                                           requires: [.service(TodoStore.self), .service(Clock.self)], services: todoServices)
        let expected: [String] = switch flaw {
        case nil: []
        case .errorWhenEmpty: ["empty-state", "shows-empty-state-when-nothing-is-due"]
        case .ignoresReload: ["reload-shows-changes"]
        }
        #expect(report.failed("TodoListing") == expected, "\(report)")
    }

    @Test(arguments: [
        (FakeTodoAddPresenter.Flaw?.none, [String]()),
        (.forgetsToStore, ["save-stores-closes-then-reports-once"]),
        (.staysOpenAfterSave, ["save-stores-closes-then-reports-once"]),
        (.reportsCancelTwice, ["cancel-closes-then-reports-once"]),
        (.hidesPrefill, ["shows-prefilled-name"]),
    ])
    func aTodoAdderFailsOnlyThePromiseItBreaks(flaw: FakeTodoAddPresenter.Flaw?, promises: [String]) throws {
        let report = try SuiteCheck.module(TodoAdding.self, FakeBuilder<FakeTodoAddPresenter>(flaw: flaw),
                                           requires: [.service(TodoStore.self)], services: todoServices)
        #expect(report.failed("TodoAdding") == promises, "\(report)")
    }

    @Test(arguments: [
        (FakeArticleListPresenter.Flaw?.none, [String]()),
        (.sortsTitles, ["lists-titles-in-feed-order"]),
        (.silentWhenEmpty, ["empty-feed-shows-empty-state"]),
        (.hidesBadSource, ["unusable-source-shows-an-error"]),
    ])
    func anArticleListFailsOnlyThePromiseItBreaks(flaw: FakeArticleListPresenter.Flaw?, promises: [String]) throws {
        let report = try SuiteCheck.module(ArticleListing.self, FakeBuilder<FakeArticleListPresenter>(flaw: flaw))
        #expect(report.failed("ArticleListing") == promises, "\(report)")
        // One line per check in `viper check`: what a screen drew is folded into the reason's line.
        #expect(report.failures.allSatisfy { !$0.description.contains("\n") }, "\(report)")
    }

    @Test func anArticleDetailThatShowsOnlyTheTitleFailsShowsTitleAndContent() throws {
        let good = try SuiteCheck.module(ArticleShowing.self, FakeBuilder<FakeArticleDetailPresenter>())
        #expect(good.conforms, "\(good)")
        let bad = try SuiteCheck.module(ArticleShowing.self, FakeBuilder<FakeArticleDetailPresenter>(flaw: .titleOnly))
        #expect(bad.failed("ArticleShowing") == ["shows-title-and-content"])
    }
}
