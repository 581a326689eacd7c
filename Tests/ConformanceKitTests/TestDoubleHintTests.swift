import ConformanceKit
import Contracts
import Testing

/// Another plugin's service, which the module under test resolves (this test module stands in for its library).
protocol BorrowedLedger: AnyObject {
    func count() -> Int
}

private final class LedgerDouble: BorrowedLedger {
    func count() -> Int { 3 }
}

/// In a package's own `swift test` no other plugin is loaded: a module that resolves another
/// plugin's service fails `builds` with the fix that works there (a double on the test's
/// table), not the shell's "install a plugin that provides it or run 'viper doctor'".
@Suite struct TestDoubleHintTests {
    /// A NoteListing module whose builder resolves the ledger, as a consumer's builder resolves a library's service.
    private final class LedgerBuilder: ModuleBuilder {
        private let inner = FakeBuilder<FakeNoteListPresenter>()
        func build(_ context: any ModuleContext) throws -> BuiltModule {
            _ = try context.resolver.resolve(BorrowedLedger.self)
            return try inner.build(context)
        }
    }

    private func check(_ services: ServiceTable) -> ConformanceReport {
        let recorder = PluginRecorder()
        recorder.registerModule(NoteListing.self, requires: [.service(BorrowedLedger.self), .service(NoteStore.self)], builder: LedgerBuilder())
        return Conformance.check(RecordedPlugin(manifest: SuiteCheck.manifest, recorder: recorder), services: services)
    }

    private func table() throws -> ServiceTable {
        let services = try ServiceTable.standard()
        services.register(NoteStore.self, instance: MemoryNoteStore())
        return services
    }

    @Test func theBuildsLineNamesTheDoubleToRegisterAndFollowingItPasses() throws {
        let failed = check(try table())
        let builds = try #require(failed.result("builds", subject: "NoteListing"))
        let reason = builds.reason ?? ""
        #expect(!builds.passed)
        #expect(reason.contains("asked for ConformanceKitTests.BorrowedLedger, which the test's ServiceTable does not have"), "\(reason)")
        #expect(reason.contains("let services = try ServiceTable.standard(); services.register(BorrowedLedger.self, instance: YourDouble())"), "\(reason)")
        #expect(!reason.contains("viper doctor"), "\(reason)")
        #expect(!reason.contains("install a plugin"), "\(reason)")

        // The hint followed: a double registered on the table the check is given.
        let services = try table()
        services.register(BorrowedLedger.self, instance: LedgerDouble())
        let passed = check(services)
        #expect(passed.conforms, "\(passed)")
        #expect(passed.result("builds", subject: "NoteListing")?.passed == true)
    }

    @Test func aNamedServiceIsNamedInTheRegistration() {
        let error = #expect(throws: ResolutionError.self) { try ServiceTable().resolve(BorrowedLedger.self, name: "archive") }
        #expect(error?.description.contains("services.register(BorrowedLedger.self, name: \"archive\", instance: YourDouble())") == true,
                "\(error?.description ?? "")")
    }
}
