import ConformanceKit
import Contracts
import Testing

@Suite struct GenericCheckTests {
    private func failed(_ report: ConformanceReport) -> [String] {
        report.failures.map(\.check)
    }

    @Test func aWellBehavedModulePassesEveryGenericCheck() throws {
        let report = try FixturePlugin.check([])
        #expect(report.conforms, "\(report)")
        #expect(report.results.map(\.check) == ["registers", "builds", "input-conforms", "fresh-instance", "wired",
                                                "released-after-removal", "commands", "empty-state", "contract-suite",
                                                "declared-dependencies"])
    }

    @Test func aPresenterThatHoldsItsViewStronglyIsReportedAsALeakNamingWhatStayedAlive() throws {
        let report = try FixturePlugin.check(.presenterHoldsView)
        #expect(failed(report) == ["released-after-removal"])
        let reason = report.result("released-after-removal", subject: "FixtureInput")?.reason ?? ""
        #expect(reason.contains("FixturePresenter"))
        #expect(reason.contains("FixtureView"))
    }

    @Test func aBuilderThatReturnsTheSameObjectsTwiceFailsFreshInstance() throws {
        let report = try FixturePlugin.check(.sharesInstance)
        #expect(failed(report).contains("fresh-instance"))
        #expect(report.result("fresh-instance", subject: "FixtureInput")?.reason?.contains("FixturePresenter") == true)
    }

    @Test func aServiceResolvedWithoutBeingDeclaredFailsDeclaredDependencies() throws {
        let report = try FixturePlugin.check(.undeclaredService)
        #expect(failed(report) == ["declared-dependencies"])
        #expect(report.result("declared-dependencies", subject: "FixtureInput")?.reason?.contains("Contracts.Logger") == true)
    }

    @Test func aServiceAskedAboutWithCanResolveFirstIsOptionalAndPasses() throws {
        let report = try FixturePlugin.check(.optionalService)
        #expect(report.conforms, "\(report)")
    }

    @Test func anInputThatDoesNotConformToTheContractFailsInputConforms() throws {
        let report = try FixturePlugin.check(.wrongInput)
        #expect(failed(report) == ["input-conforms"])
        #expect(report.result("input-conforms", subject: "FixtureInput")?.reason?.contains("FixtureInteractor") == true)
    }

    @Test func aViewThatDoesNotOwnItsPresenterFailsWired() throws {
        let report = try FixturePlugin.check(.viewDoesNotOwnPresenter)
        #expect(failed(report).contains("wired"))
        #expect(report.result("wired", subject: "FixtureInput")?.reason?.contains("FixturePresenter") == true)
    }

    @Test func commandsDeclaredTwiceOrWithoutHelpFailCommands() throws {
        let report = try FixturePlugin.check(.badCommands)
        #expect(failed(report) == ["commands"])
        let reason = report.result("commands", subject: "FixtureInput")?.reason ?? ""
        #expect(reason.contains("'add' is declared twice"))
        #expect(reason.contains("'clear' has no help"))
    }

    @Test func anErrorDrawnInTheEmptyStateFailsEmptyState() throws {
        let report = try FixturePlugin.check(.errorWhenEmpty)
        #expect(failed(report) == ["empty-state"])
        #expect(report.result("empty-state", subject: "FixtureInput")?.reason?.contains("could not load items") == true)
    }

    @Test func aBuilderThatThrowsFailsBuildsAndNoOtherModuleCheckRuns() throws {
        let report = try FixturePlugin.check(.throwsOnBuild)
        #expect(report.results.map(\.check) == ["registers", "builds"])
        #expect(report.result("builds", subject: "FixtureInput")?.reason?.contains("the fixture refuses to build") == true)
    }

    @Test func theReportPrintsOneLinePerCheckAndAVerdict() throws {
        let report = try FixturePlugin.check(.errorWhenEmpty)
        let lines = report.description.split(separator: "\n").map(String.init)
        #expect(lines.contains("pass  [FixtureInput] builds"))
        #expect(lines.contains { $0.hasPrefix("fail  [FixtureInput] empty-state: ") })
        #expect(lines.contains("n/a   [FixtureInput] contract-suite: no suite exists for FixtureInput; only the generic checks ran "
                               + "(write a ContractSuite for it and pass it in suites:)"))
        #expect(lines.last == "10 checks: 8 passed, 1 failed, 1 not applicable; fixture does not conform")
    }
}
