import ConformanceKit
import Contracts
import Testing

@Suite struct ContractSuiteTests {
    private let showsItems = ContractSuite(for: FixtureInput.self, checks: [
        ModuleCheck("shows-items") { harness in
            let module = try harness.build()
            try module.input(as: FixtureInput.self).show(["apples", "pears"])
            let screen = module.appear()
            try CheckFailure.unless(screen.shows("2. pears"), "configured with two items, the module does not list them")
        },
    ])

    @Test func aSuiteRunsForModulesOfItsContractBetweenTheGenericAndClosingChecks() throws {
        let report = try FixturePlugin.check([], suites: [showsItems])
        #expect(report.conforms, "\(report)")
        let checks = report.results.map(\.check)
        #expect(checks.suffix(2) == ["shows-items", "declared-dependencies"])
    }

    @Test func aSuiteForAnotherContractDoesNotRun() throws {
        let other = ContractSuite(for: Clock.self, checks: [ModuleCheck("never") { _ in throw CheckFailure("ran") }])
        let report = try FixturePlugin.check([], suites: [other])
        #expect(!report.results.map(\.check).contains("never"))
    }

    @Test func aFailingSuiteCheckIsNamedWithItsReason() throws {
        let suite = ContractSuite(for: FixtureInput.self, checks: [
            ModuleCheck("always-fails") { _ in throw CheckFailure("the promise is broken") },
        ])
        let report = try FixturePlugin.check([], suites: [suite])
        #expect(report.failures.map(\.description) == ["fail  [FixtureInput] always-fails: the promise is broken"])
    }
}

/// A service contract of an author's own, with its suite.
protocol Counting: AnyObject {
    func next() -> Int
}

final class StepCounter: Counting {
    private var value = 0
    private let step: Int
    init(step: Int) { self.step = step }
    func next() -> Int {
        value += step
        return value
    }
}

@Suite struct ServiceSuiteTests {
    private let countsFromOne = ContractSuite(for: Counting.self, serviceChecks: [
        ServiceCheck("counts-from-one") { harness in
            let first = try harness.make(Counting.self).next()
            try CheckFailure.unless(first == 1, expected: "a new counter to start at 1", happened: "it started at \(first)")
        },
        ServiceCheck("needs-a-network") { _ in throw NotApplicable("the kit has no network") },
    ])

    private func check(step: Int) -> ConformanceReport {
        let recorder = PluginRecorder()
        recorder.registerService(Counting.self) { _ in StepCounter(step: step) }
        let plugin = RecordedPlugin(manifest: PluginManifest(name: "counter", version: "1", summary: ""), recorder: recorder)
        return Conformance.check(plugin, services: ServiceTable(), suites: [countsFromOne])
    }

    @Test func anAuthorsServiceSuiteRunsAfterServiceResolvesAndNamesEachPromise() {
        let report = check(step: 1)
        #expect(report.results.map(\.description) == [
            "pass  [plugin] registers: 0 module(s), 1 service(s), 0 adapter(s)",
            "pass  [Counting] service-resolves",
            "pass  [Counting] counts-from-one",
            "n/a   [Counting] needs-a-network: the kit has no network",
        ])
        #expect(report.conforms)
    }

    @Test func aServiceThatBreaksThePromiseFailsWithWhatWasExpectedAndWhatHappened() {
        let report = check(step: 2)
        #expect(report.failures.map(\.description) == ["fail  [Counting] counts-from-one: expected a new counter to start at 1, but it started at 2"])
        #expect(report.description.hasSuffix("4 checks: 2 passed, 1 failed, 1 not applicable; counter does not conform"))
    }

    @Test func aServiceWhoseContractHasNoSuiteGetsALineSayingSo() {
        let recorder = PluginRecorder()
        recorder.registerService(Counting.self) { _ in StepCounter(step: 1) }
        let plugin = RecordedPlugin(manifest: PluginManifest(name: "counter", version: "1", summary: ""), recorder: recorder)
        let report = Conformance.check(plugin, services: ServiceTable())
        #expect(report.notApplicable.map(\.check) == ["contract-suite"])
    }
}
