import ConformanceKit
import Contracts
import Testing

@Suite struct NoteStoreSuiteTests {
    private func check(_ flaw: FakeNoteStore.Flaw?) throws -> ConformanceReport {
        try SuiteCheck.service(NoteStore.self) { FakeNoteStore(folder: try $0.resolve(DataFolder.self), flaw: flaw) }
    }

    @Test func aStoreThatKeepsItsPromisesPassesEveryCheckOfTheSuite() throws {
        let report = try check(nil)
        #expect(report.conforms, "\(report)")
        #expect(report.results.filter { $0.subject == "NoteStore" }.map(\.check) == ["service-resolves"] + ContractSuite.noteStore.serviceChecks.map(\.name))
    }

    @Test(arguments: [
        (FakeNoteStore.Flaw.forgetsWrites, "keeps-writes-across-instances"),
        (.oldestFirst, "lists-newest-first"),
        (.throwsForMissingNote, "missing-note-reads-as-nil"),
        (.updateOfMissingAdds, "update-of-missing-note-throws-and-changes-nothing"),
        (.throwsOnMissingDelete, "delete-of-missing-note-does-nothing"),
    ])
    func aStoreThatBreaksAPromiseFailsThatPromiseByName(flaw: FakeNoteStore.Flaw, promise: String) throws {
        let failed = try check(flaw).failures
        #expect(failed.map(\.check).contains(promise), "\(failed)")
        #expect(failed.first { $0.check == promise }?.reason?.hasPrefix("expected ") == true)
    }

    @Test func theKitsMemoryNoteStoreKeepsThePromisesOfOneInstance() throws {
        // One shared instance: memory cannot outlive it, which is all a test double needs.
        let shared = MemoryNoteStore()
        let report = try SuiteCheck.service(NoteStore.self) { _ in shared }
        #expect(report.result("update-of-missing-note-throws-and-changes-nothing", subject: "NoteStore")?.passed == true, "\(report)")
        #expect(report.result("lists-newest-first", subject: "NoteStore")?.passed == true, "\(report)")
        #expect(report.result("missing-note-reads-as-nil", subject: "NoteStore")?.passed == true, "\(report)")
    }

    @Test func aForgetfulStoreIsToldWhatWasExpectedAndWhatHappened() throws {
        let reason = try check(.forgetsWrites).result("keeps-writes-across-instances", subject: "NoteStore")?.reason
        #expect(reason == "expected a new instance to find note 1 titled 'Kept and changed', but it found no such note; "
                + "make every write durable before add/update returns")
    }
}

@Suite struct TodoStoreSuiteTests {
    private func check(_ flaw: FakeTodoStore.Flaw?) throws -> ConformanceReport {
        try SuiteCheck.service(TodoStore.self) { FakeTodoStore(folder: try $0.resolve(DataFolder.self), flaw: flaw) }
    }

    @Test func aStoreThatKeepsItsPromisesPassesEveryCheckOfTheSuite() throws {
        let report = try check(nil)
        #expect(report.conforms, "\(report)")
        #expect(report.results.filter { $0.subject == "TodoStore" }.map(\.check) == ["service-resolves"] + ContractSuite.todoStore.serviceChecks.map(\.name))
    }

    @Test(arguments: [
        (FakeTodoStore.Flaw.forgetsRemovals, "keeps-writes-across-instances"),
        (.addedOrder, "lists-by-due-day-then-added-order"),
        (.excludesEnd, "range-includes-both-ends"),
        (.throwsOnMissingRemove, "remove-of-missing-item-does-nothing"),
    ])
    func aStoreThatBreaksAPromiseFailsThatPromiseByName(flaw: FakeTodoStore.Flaw, promise: String) throws {
        let failed = try check(flaw).failures
        #expect(failed.map(\.check).contains(promise), "\(failed)")
    }
}

@Suite struct SessionSuiteTests {
    private func check(_ flaw: FakeSession.Flaw?, scope: ServiceScope = .process) throws -> ConformanceReport {
        try SuiteCheck.service(Session.self, scope: scope) { _ in FakeSession(flaw: flaw) }
    }

    @Test func aSessionThatKeepsItsPromisesPassesEveryCheckOfTheSuite() throws {
        let report = try check(nil)
        #expect(report.conforms, "\(report)")
        #expect(report.notApplicable.isEmpty, "\(report)")
    }

    @Test func aSessionThatSignsInAnEmptyNameFailsTheRefusalPromise() throws {
        #expect(try check(.acceptsEmptyName).failed("Session") == ["refused-sign-in-throws-and-keeps-user"])
    }

    @Test func aSessionThatKeepsTheUserAfterSignOutFailsSignInThenSignOut() throws {
        let result = try check(.keepsUserAfterSignOut).result("sign-in-then-sign-out", subject: "Session")
        #expect(result?.passed == false)
        #expect(result?.reason?.hasPrefix("expected no currentUser after signOut(), but it is ") == true)
    }

    @Test func aSessionMadeAnewForEveryResolveFailsOneInstancePerProcess() throws {
        #expect(try check(nil, scope: .transient).failed("Session") == ["one-instance-per-process"])
    }

    @Test func aSessionThatRefusesTheKitsCredentialsMakesSignInNotApplicable() throws {
        let report = try check(.refusesEveryone)
        #expect(report.conforms, "\(report)")
        #expect(report.notApplicable.map(\.description)
                == ["n/a   [Session] sign-in-then-sign-out: the session refused the kit's credentials ('conformance'): nobody may sign in"])
    }
}
