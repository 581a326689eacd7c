import Foundation
import Testing
import ViperCommandLine
import ViperCommands
import ViperRuntime
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

    /// Sends `where`, drops a plugin file into the folder, waits until a watcher has heard it, sends
    /// `where` again. With `watching`, the event is viper's own watcher saying so on standard error;
    /// without, it is a watcher of this test with the shell's quiet period: once it has reported the
    /// copy, a shell that watched would have too.
    private func changeBetweenTwoCommands(_ viper: RunningViper, folder: String, watching: Bool) throws -> String {
        viper.send("where")
        try viper.waitFor("Home\n")
        let witness = watching ? nil : try FileWatcher(targets: [.folder(folder)])
        defer { witness?.stop() }
        try FileManager.default.copyItem(atPath: BuildProducts.plugin("Greeter"),
                                         toPath: folder + "/libLivePlugin.so")
        if let witness {
            #expect(witness.waitForChanges(seconds: 30) == [folder + "/libLivePlugin.so"], "the test's watcher never heard the copy")
        } else {
            let deadline = Date().addingTimeInterval(30)
            #expect(viper.wait { viper.standardError.contains("probe: heard 1\n") || Date() > deadline },
                    "viper ended before its watcher heard the copy: \(viper.standardError)")
            #expect(viper.standardError.contains("probe: heard 1\n"), "viper's watcher never heard the copy: \(viper.standardError)")
        }
        viper.send("where")
        _ = try viper.finish()  // the end of input ends the session after the second line
        return viper.printed
    }

    @Test func aPipedSessionWithWatchTakesAChangeBeforeTheNextLine() throws {
        let (viper, folder) = try session(["--watch"])
        let printed = try changeBetweenTwoCommands(viper, folder: folder, watching: true)
        #expect(printed == "Home\nprobe: libLivePlugin.so changed\nHome\n", "\(printed)")
    }

    @Test(arguments: [[], ["--watch", "--no-watch"]])
    func aPipedSessionDoesNotWatchUnlessAsked(_ flags: [String]) throws {
        let (viper, folder) = try session(flags)
        let printed = try changeBetweenTwoCommands(viper, folder: folder, watching: false)
        #expect(printed == "Home\nHome\n", "\(printed)")
    }

    /// The global options `arguments` give, as `viper` parses them.
    private func globals(_ arguments: [String]) throws -> GlobalOptions {
        guard case .run(_, let parsed) = try ViperCommands.parser.parse(arguments, environment: [:]) else {
            throw UsageError("\(arguments) asked for help or the version")
        }
        return parsed.globals
    }

    @Test func watchingIsOnAtATerminalAndInViperDevAndOffInScriptsUnlessAsked() throws {
        let interactive = try globals([])
        let script = try globals(["-c", "where"])
        #expect(ShellLauncher.watches(interactive, stdinIsTerminal: true, byDefault: false))
        #expect(!ShellLauncher.watches(interactive, stdinIsTerminal: false, byDefault: false), "piped")
        #expect(!ShellLauncher.watches(script, stdinIsTerminal: true, byDefault: false), "-c")
        #expect(ShellLauncher.watches(try globals(["-c", "where", "--watch"]), stdinIsTerminal: true, byDefault: false))
        #expect(!ShellLauncher.watches(try globals(["--no-watch"]), stdinIsTerminal: true, byDefault: false))
        #expect(ShellLauncher.watches(script, stdinIsTerminal: false, byDefault: true), "viper dev watches piped too")
        #expect(!ShellLauncher.watches(try globals(["dev", "--no-watch"]), stdinIsTerminal: true, byDefault: true))
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
