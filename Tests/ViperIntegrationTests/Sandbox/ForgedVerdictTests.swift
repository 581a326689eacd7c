import Foundation
import Testing
import ViperTestSupport

/// `viper check`'s verdict against a plugin that tries to write it: the plugin's
/// constructor runs in the check's child before any check, writes a passing report to every
/// descriptor it finds and ends the child with `_exit(0)`. On main before the issue this
/// printed "conforms" and exited 0 for a plugin whose entry point aborts.
@Suite struct ForgedVerdictTests {
    private func check(quietly: Bool = false) throws -> ViperProcess.Result {
        let source = try String(contentsOfFile: BuildProducts.repository + "/Tests/Fixtures/Sandbox/forge_verdict.c", encoding: .utf8)
        let library = try FixtureCompiler.cPlugin(named: "forge_verdict", source: source)
        var viper = ViperProcess()
        if quietly { viper.environment["FORGE_QUIETLY"] = "1" }
        return try viper.run(["check", library])
    }

    @Test func aConstructorThatWritesAPassingReportAndEndsTheCheckerDoesNotConform() throws {
        let result = try check()
        #expect(result.status == 1)
        #expect(result.stdout.contains("fail  [plugin] report: a message on the check channel did not carry this run's secret: "
                                       + "code in the checker's process (the plugin's) wrote to it; the report cannot be trusted, so the plugin does not conform\n"),
                "\(result.stdout)")
        #expect(!result.stdout.contains("pass "), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("libforge_verdict.so does not conform\n"), "\(result.stdout)")
    }

    @Test func aConstructorThatOnlyEndsTheCheckerFailsAtLoads() throws {
        let result = try check(quietly: true)
        #expect(result.status == 1)
        #expect(result.stdout.contains("fail  [plugin] loads: the checker ended before its report was complete while running this check"),
                "\(result.stdout)")
        #expect(result.stdout.hasSuffix("libforge_verdict.so does not conform\n"), "\(result.stdout)")
    }
}
