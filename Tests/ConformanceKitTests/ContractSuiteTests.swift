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
