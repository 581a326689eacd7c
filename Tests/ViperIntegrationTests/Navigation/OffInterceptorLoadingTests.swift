import Foundation
import Testing
import ViperTestSupport

/// An interceptor that is off is not only never committed, its plugin is never loaded
/// for it. A route to a contract the drop-in fixture-gate intercepts without permission opens
/// without `dlopen`ing the gate (the log names every plugin loaded on first use), and the person
/// is told once, at start-up, however many routes ask; allowed, the gate is loaded for the route.
@Suite struct OffInterceptorLoadingTests {
    private func plugins() throws -> [String] {
        ["--plugins", try Fixtures.vault(), "--plugins", try Fixtures.gate("fixture-gate")]
    }

    private func log(_ shell: ShellProcess) -> String {
        (try? String(contentsOfFile: shell.dataFolder + "/viper.log", encoding: .utf8)) ?? ""
    }

    @Test func aRouteToAContractItMayNotInterceptDoesNotLoadTheGateAndThePersonIsToldOnce() throws {
        let shell = ShellProcess()
        let result = try shell.run(try plugins(), input: "open locked\nopen locked\nquit\n")
        #expect(result.stdout.contains("Locked of fixture-vault"), "\(result.stdout)\(result.stderr)")
        let log = log(shell)
        #expect(log.contains("loaded fixture-vault from"), "the vault is loaded on first use: \(log)")
        #expect(!log.contains("loaded fixture-gate from"), "the gate's code must not run: \(log)")
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains("'fixture-gate' asks to intercept Contracts.TodoListing") }
        #expect(warnings.count == 1, "\(result.stderr)")
    }

    @Test func allowedTheGateIsLoadedForTheRoute() throws {
        let shell = ShellProcess()
        let result = try shell.run(try plugins() + ["--allow-intercept", "fixture-gate"], input: "open locked\nquit\n")
        #expect(result.stderr.contains("sign in first (fixture-gate)"), "\(result.stderr)")
        #expect(log(shell).contains("loaded fixture-gate from"), "\(log(shell))")
    }
}
