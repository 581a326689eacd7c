import Foundation
import Testing
@testable import ViperCore
@testable import ViperRuntime
import ViperTestSupport

/// A plugin that calls `exit(0)` does not end viper as a success.
/// The built `viper` runs a scripted session (`-c`) with a plugin that exits while its
/// module is built, and in a command; the status is not 0, one line names the plugin,
/// and the commands after it are not run.
@Suite struct PluginExitTests {
    /// An unsupervised session (`VIPER_SUPERVISE=0`), where this guard is what stands; a supervised
    /// one restarts without the plugin and goes on instead (SupervisedScriptTests).
    private func session(_ script: String) throws -> ViperProcess.Result {
        var viper = ViperProcess()
        viper.environment["VIPER_SUPERVISE"] = "0"
        return try viper.run(["--plugins", AfterStartupFixtures.exiting(), "-c", script])
    }

    @Test func aPluginThatExitsWhileItsModuleIsBuiltEndsTheSessionWithAFailure() throws {
        let result = try session("open exit-build; open hello")
        #expect(result.status == PluginExitGuard.status)
        let line = PluginExitGuard.line(plugin: "plugin 'fixture-exit'", doing: "building module ExitOnBuild (fixture-exit)")
        #expect(result.stderr.split(separator: "\n").filter { $0.contains("fixture-exit") } == [Substring(line)], "\(result.stderr)")
        #expect(!result.stdout.contains("Hello"), "the command after it ran:\n\(result.stdout)")
    }

    @Test func aPluginThatExitsInACommandEndsTheSessionWithAFailure() throws {
        let result = try session("open exit-command; leave; open hello")
        #expect(result.status == PluginExitGuard.status)
        let line = PluginExitGuard.line(plugin: "plugin 'fixture-exit'", doing: "running command 'leave'")
        #expect(result.stderr.split(separator: "\n").filter { $0.contains("fixture-exit") } == [Substring(line)], "\(result.stderr)")
        #expect(result.stdout.contains("Type 'leave'"), "what ran before the exit is kept:\n\(result.stdout)")
        #expect(!result.stdout.contains("Hello"), "the command after it ran:\n\(result.stdout)")
    }

    @Test func viperEndingOnItsOwnIsNotTakenForAPlugin() throws {
        let result = try session("open exit-command; back")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("exit()"))
    }

    @Test func theMarkNamesTheInnermostPluginAndIsGoneAfterwards() {
        #expect(PluginExitGuard.current == nil)
        PluginExitGuard.run("plugin 'outer'", "building module A") {
            PluginExitGuard.run("plugin 'inner'", "making service B") {
                #expect(PluginExitGuard.current?.plugin == "plugin 'inner'")
            }
            #expect(PluginExitGuard.current?.doing == "building module A")
        }
        #expect(PluginExitGuard.current == nil)
    }
}
