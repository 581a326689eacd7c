import Foundation
import Testing
import ViperCommandLine
import ViperShell
import ViperTestSupport

/// Watching plugin folders from the shell, with the built `viper`. These runs set
/// `VIPER_RELOAD_PROBE=1`: the shell then hands changed files to a reloader that loads nothing
/// and answers `probe: NAME changed` / `removed`, so what is checked here is the watching, when
/// it is on, and where the notice goes, not a reload (the reload engine has its own tests).
@Suite struct LiveShellTests {
    private func session(_ arguments: [String]) throws -> (viper: RunningViper, folder: String) {
        let folder = try TemporaryFolder.make("live-plugins")
        var environment = ViperProcess().environment
        environment["VIPER_RELOAD_PROBE"] = "1"
        environment["VIPER_RELOAD_PROBE_HEARD"] = "1"
        let viper = try RunningViper(arguments: ["--plugins", folder] + arguments, environment: environment)
        return (viper, folder)
    }

    /// Sends `where`, drops a plugin file into the folder, waits until the watcher has heard it, sends `where` again.
    private func changeBetweenTwoCommands(_ viper: RunningViper, folder: String) throws -> String {
        viper.send("where")
        try viper.waitFor("Home\n")
        try FileManager.default.copyItem(atPath: BuildProducts.plugin("Greeter"),
                                         toPath: folder + "/libLivePlugin.so")
        #expect(viper.wait { viper.standardError.contains("probe: heard 1\n") }, "the watcher never heard the copy: \(viper.standardError)")
        viper.send("where")
        _ = try viper.finish()  // the end of input ends the session after the second line
        return viper.printed
    }

    @Test func aPipedSessionWithWatchTakesAChangeBeforeTheNextLine() throws {
        let (viper, folder) = try session(["--watch"])
        let printed = try changeBetweenTwoCommands(viper, folder: folder)
        #expect(printed == "Home\nprobe: libLivePlugin.so changed\nHome\n", "\(printed)")
    }

    @Test(arguments: [[], ["--watch", "--no-watch"]])
    func aPipedSessionDoesNotWatchUnlessAsked(_ flags: [String]) throws {
        let (viper, folder) = try session(flags)
        let printed = try changeBetweenTwoCommands(viper, folder: folder)
        #expect(printed == "Home\nHome\n", "\(printed)")
    }

    @Test func watchingIsOnAtATerminalAndInViperDevAndOffInScriptsUnlessAsked() throws {
        let interactive = try CommandLineOptions.parse([])
        let script = try CommandLineOptions.parse(["-c", "where"])
        #expect(ShellLauncher.watches(interactive, stdinIsTerminal: true, byDefault: false))
        #expect(!ShellLauncher.watches(interactive, stdinIsTerminal: false, byDefault: false), "piped")
        #expect(!ShellLauncher.watches(script, stdinIsTerminal: true, byDefault: false), "-c")
        #expect(ShellLauncher.watches(try CommandLineOptions.parse(["-c", "where", "--watch"]), stdinIsTerminal: true, byDefault: false))
        #expect(!ShellLauncher.watches(try CommandLineOptions.parse(["--no-watch"]), stdinIsTerminal: true, byDefault: false))
        #expect(ShellLauncher.watches(script, stdinIsTerminal: false, byDefault: true), "viper dev watches piped too")
        #expect(!ShellLauncher.watches(try CommandLineOptions.parse(["dev", "--no-watch"]), stdinIsTerminal: true, byDefault: true))
    }

    @Test(.enabled(if: ShellTerminalTests.pexpectAvailable, "needs python3 with pexpect"))
    func aNoticeComesAboveThePromptWithoutLosingTheHalfTypedLine() throws {
        let process = ViperProcess()
        let folder = try TemporaryFolder.make("live-pty")
        let result = try FixtureCompiler.run([
            "python3", BuildProducts.repository + "/Tests/Fixtures/Live/notice_session.py",
            BuildProducts.viper, process.dataFolder, folder, BuildProducts.plugin("Greeter"),
        ])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output == "ok\n")
    }
}
