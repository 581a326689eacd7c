import Foundation
import Testing
import ViperTestSupport

/// A plugin run isolated (`--isolate NAME`, config.json's `isolate`): the same file as in process,
/// in a boxed process of its own, driven through the shell as a person would. The rogue fixture
/// (`Tests/Fixtures/Isolation/RoguePlugin.swift`) does on command what an untrusted plugin might;
/// each test has its control in process, so it can fail.
@Suite struct IsolatedPluginTests {
    /// The rogue plugin's folder, and a folder outside every box for it to aim at.
    private func rogue() throws -> (plugins: String, outside: String) {
        let library = try Fixtures.swift("Isolation/RoguePlugin.swift", module: "RoguePlugin")
        let folder = try TemporaryFolder.make("rogue")
        try FileManager.default.copyItem(atPath: library, toPath: folder + "/libRoguePlugin.so")
        return (folder, try TemporaryFolder.make("outside"))
    }

    private func shell(_ viper: ViperProcess, _ plugins: String, isolated: Bool, _ commands: String) throws -> Subprocess.Result {
        try viper.run(["--plugins", plugins] + (isolated ? ["--isolate", "rogue"] : []) + ["-c", commands])
    }

    @Test func anIsolatedPluginCannotWriteOutsideItsDataFolderButCanInIt() throws {
        let (plugins, outside) = try rogue()
        let viper = ViperProcess()
        let isolated = try shell(viper, plugins, isolated: true, "open rogue; write \(outside)/isolated.txt; keep mine.txt")
        #expect(isolated.stdout.contains("could not write \(outside)/isolated.txt"), "\(isolated.output)")
        #expect(!FileManager.default.fileExists(atPath: outside + "/isolated.txt"))
        let own = viper.dataFolder + "/isolated/rogue/mine.txt"
        #expect(isolated.stdout.contains("kept \(own)"), "\(isolated.output)")
        #expect(FileManager.default.fileExists(atPath: own))

        let inProcess = try shell(viper, plugins, isolated: false, "open rogue; write \(outside)/in-process.txt")
        #expect(inProcess.stdout.contains("wrote \(outside)/in-process.txt"), "\(inProcess.output)")
        #expect(FileManager.default.fileExists(atPath: outside + "/in-process.txt"))
    }

    @Test func aLinkAnIsolatedPluginLeavesInItsFolderIsNotFollowedByViper() throws {
        let viper = ViperProcess()
        let (plugins, outside) = try rogue()
        let victim = outside + "/precious.txt"
        try Data("precious".utf8).write(to: URL(fileURLWithPath: victim))
        // The plugin's standard error file is opened by viper (unboxed) for the next process.
        let first = try shell(viper, plugins, isolated: true, "open rogue; link stderr.log \(victim)")
        #expect(first.stdout.contains("linked "), "\(first.output)")
        let second = try shell(viper, plugins, isolated: true, "open rogue; count")
        #expect(second.status == 0, "\(second.output)")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious", "viper wrote through the plugin's link")
    }

    @Test func anIsolatedPluginHasNoNetwork() throws {
        let (plugins, _) = try rogue()
        let viper = ViperProcess()
        let isolated = try shell(viper, plugins, isolated: true, "open rogue; connect")
        #expect(isolated.stdout.contains("no network socket: Permission denied"), "\(isolated.output)")
        let inProcess = try shell(viper, plugins, isolated: false, "open rogue; connect")
        #expect(inProcess.stdout.contains("opened a network socket"), "\(inProcess.output)")
    }

    /// The box's signal scope: the plugin's process cannot stop or kill viper's process that
    /// started it, supervised or not; the session goes on. (In process there is no control to
    /// run: the parent of an unsupervised viper is the test itself.)
    @Test(arguments: [true, false])
    func anIsolatedPluginCannotSignalTheViperThatStartedIt(supervised: Bool) throws {
        let (plugins, _) = try rogue()
        var viper = ViperProcess()
        if !supervised { viper.environment["VIPER_SUPERVISE"] = "0" }
        let result = try shell(viper, plugins, isolated: true, "open rogue; parricide; where")
        #expect(result.stdout.contains("could not kill "), "\(result.output)")
        #expect(result.stdout.hasSuffix("Home › Rogue\n"), "the session went on:\n\(result.output)")
        #expect(result.status == 0, "\(result.output)")
    }

    /// Nor can it change that process without a signal: with its address space limited to
    /// nothing, viper aborts at its next large allocation (unsupervised, `plugins` was enough).
    @Test(arguments: [true, false])
    func anIsolatedPluginCannotLimitTheViperThatStartedIt(supervised: Bool) throws {
        let (plugins, _) = try rogue()
        var viper = ViperProcess()
        if !supervised { viper.environment["VIPER_SUPERVISE"] = "0" }
        let result = try shell(viper, plugins, isolated: true, "open rogue; choke; back; plugins; open rogue; where")
        #expect(result.stdout.contains("could not limit "), "\(result.output)")
        #expect(result.stdout.hasSuffix("Home › Rogue\n"), "the session went on:\n\(result.output)")
        #expect(result.status == 0, "\(result.output)")
    }

    /// An isolated process whose viper was killed while its plugin's code hangs (SIGINT and
    /// SIGTERM ignored, the socket never read again) ends by itself; nothing else would end it
    /// in a session with no supervisor.
    @Test func anIsolatedProcessEndsWhenItsViperIsKilledWhileItHangs() throws {
        let (plugins, _) = try rogue()
        var viper = ViperProcess()
        viper.environment["VIPER_SUPERVISE"] = "0"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuildProducts.viper)
        process.arguments = ["--plugins", plugins, "--isolate", "rogue", "-c", "open rogue; pid; deaf"]
        process.environment = viper.environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        let log = viper.dataFolder + "/viper.log"
        func logged() -> String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        #expect(ProcessWaits.file(log, contains: "rogue deaf for 1 s", withinMilliseconds: 30_000), "the hang never started:\n\(logged())")
        let said = try #require(logged().components(separatedBy: "rogue runs as pid ").dropFirst().first, "\(logged())")
        let pid = try #require(pid_t(said.prefix { $0.isNumber }))
        kill(process.processIdentifier, SIGKILL)
        let ended = ProcessWaits.hasEnded(pid, withinMilliseconds: 30_000)
        // Foundation's wait for viper's end also waits for what inherited its pipes: end it here.
        if !ended { kill(pid, SIGKILL) }
        #expect(ended, "the plugin's process \(pid) outlived its viper")
    }

    @Test func thePersonCanAllowAnIsolatedPluginTheNetworkByName() throws {
        let (plugins, outside) = try rogue()
        let viper = ViperProcess()
        let allowed = try viper.run(
            ["--plugins", plugins, "--isolate", "rogue", "--allow-network", "rogue", "-c", "open rogue; connect; write \(outside)/x.txt"])
        #expect(allowed.stdout.contains("opened a network socket"), "\(allowed.output)")
        #expect(allowed.stdout.contains("could not write \(outside)/x.txt"), "\(allowed.output)")
        let listed = try viper.run(["--plugins", plugins, "--isolate", "rogue", "--allow-network", "rogue", "plugins"])
        #expect(listed.stdout.contains("/isolated/rogue; network allowed)"), "\(listed.stdout)")
    }

    @Test func anIsolatedPluginRunsInAnotherProcess() throws {
        let (plugins, _) = try rogue()
        let viper = ViperProcess()
        let isolated = try shell(viper, plugins, isolated: true, "open rogue; pid")
        let inProcess = try shell(viper, plugins, isolated: false, "open rogue; pid")
        let pid = { (output: String) in output.split(separator: "\n").first { $0.hasPrefix("pid ") }.map(String.init) }
        #expect(pid(isolated.stdout) != nil && pid(inProcess.stdout) != nil, "\(isolated.output)\(inProcess.output)")
        #expect(pid(isolated.stdout) != pid(inProcess.stdout))
        // Its log lines reach viper's log, named by the plugin.
        let log = try String(contentsOfFile: viper.dataFolder + "/viper.log", encoding: .utf8)
        #expect(log.contains("[rogue: rogue] rogue runs as pid"), "\(log)")
    }

    @Test func aCrashCostsOnlyThePluginsProcessAndTheModuleOpensAgain() throws {
        let (plugins, _) = try rogue()
        let result = try shell(ViperProcess(), plugins, isolated: true, "open rogue; count; crash; where; open rogue; count; where")
        let errors = result.output.split(separator: "\n").filter { $0.contains("error") }
        #expect(
            errors == [
                "error: plugin 'rogue' (isolated) stopped (Segmentation fault); its module was closed, and it starts again when next opened"
            ], "\(result.output)")
        let crumbs = result.stdout.split(separator: "\n").filter { $0 == "Home" || $0 == "Home › Rogue" }
        #expect(crumbs == ["Home", "Home › Rogue"], "\(result.output)")
        #expect(result.stdout.contains("  count   1"), "\(result.output)")
    }

    /// The shell does not wait for a leaving module's answer (viper reads it before the next call's,
    /// or as it exits), yet what the module does as it leaves still happens and reaches viper's log.
    @Test func aLeavingModulesLastWordsReachTheLogThoughNoOneWaitsForThem() throws {
        let (plugins, _) = try rogue()
        let viper = ViperProcess()
        let result = try shell(viper, plugins, isolated: true, "open rogue; count; back; open rogue; count; count")
        #expect(result.status == 0, "\(result.output)")
        #expect(result.stdout.contains("  count   2"), "\(result.output)")
        let log = try String(contentsOfFile: viper.dataFolder + "/viper.log", encoding: .utf8)
        #expect(log.contains("[rogue: rogue] rogue leaves at count 1"), "read before the next call's answer:\n\(log)")
        #expect(log.contains("[rogue: rogue] rogue leaves at count 2"), "read as viper exits:\n\(log)")
    }

    @Test func aHangIsStoppedAfterTheTimeAllowed() throws {
        let (plugins, _) = try rogue()
        var viper = ViperProcess()
        viper.environment["VIPER_ISOLATED_TIMEOUT"] = "0.3"
        let result = try shell(viper, plugins, isolated: true, "open rogue; hang; where")
        #expect(
            result.stderr.contains(
                "error: plugin 'rogue' (isolated) did not answer within 300 ms (hung); its module was closed, and it starts again when next opened"),
            "\(result.output)")
        #expect(result.stdout.hasSuffix("Home\n"), "\(result.output)")
    }

    /// At a terminal, two Ctrl-Cs during a hang that ignores SIGINT end the plugin's process alone:
    /// the same worker goes on, with no crash report (in process, the worker is what stops).
    @Test(.enabled(if: SupervisedTerminalTests.pexpectAvailable, "needs python3 with pexpect"))
    func twoCtrlCsDuringAnIsolatedHangEndItsProcessAloneAndTheSessionGoesOn() throws {
        let (plugins, _) = try rogue()
        let viper = ViperProcess()
        let result = try FixtureCompiler.run([
            "python3", BuildProducts.repository + "/Tests/Fixtures/Isolation/isolated_interrupt.py",
            BuildProducts.viper, viper.dataFolder, plugins,
        ])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output == "ok\n")
    }

    /// A script's `--command-timeout` ends an isolated hang (one that ignores SIGINT and SIGTERM)
    /// by ending the plugin's process alone: no crash, no restore, the plugin opens again; in
    /// process, the same hang is a crash of the worker.
    @Test func aScriptsCommandTimeoutEndsAnIsolatedHangAloneAndTheScriptGoesOn() throws {
        let (plugins, _) = try rogue()
        let viper = ViperProcess()
        let script = "open rogue; deaf; where; open rogue; count"
        let isolated = try viper.run(["--plugins", plugins, "--isolate", "rogue", "--command-timeout", "1", "-c", script])
        #expect(
            isolated.stderr.contains(
                "error: plugin 'rogue' (isolated) did not answer within --command-timeout 1 s (hung); its module was closed, and it starts again when next opened"),
            "\(isolated.output)")
        #expect(!isolated.stderr.contains("restored:"), "\(isolated.output)")
        #expect(isolated.stdout.contains("\nHome\n"), "where ran, at home:\n\(isolated.output)")
        #expect(isolated.stdout.contains("count   1"), "the plugin opened again and counted:\n\(isolated.output)")
        #expect(!FileManager.default.fileExists(atPath: viper.dataFolder + "/crashes"), "no crash report")
        #expect(isolated.status == 1)

        let control = ViperProcess()
        let inProcess = try control.run(["--plugins", plugins, "--command-timeout", "1", "-c", script])
        #expect(inProcess.stderr.contains("error: plugin 'rogue' crashed (hung: no answer within --command-timeout 1 s)"), "\(inProcess.output)")
    }

    @Test func theJournalKeepsAnIsolatedModulesWorkAcrossAWorkerCrash() throws {
        let (plugins, _) = try rogue()
        try FileManager.default.copyItem(atPath: try Fixtures.fault(), toPath: plugins + "/libFaultPlugin.so")
        let result = try shell(ViperProcess(), plugins, isolated: true, "open rogue; count; count; open fault; fault trap; count")
        #expect(result.stderr.contains("restored: Home › Rogue (left out: FaultScreen of 'fixture-fault')"), "\(result.output)")
        #expect(result.stdout.contains("took back 2"), "\(result.output)")
        #expect(result.stdout.contains("  count   3"), "\(result.output)")
    }

    @Test func aReloadedIsolatedPluginStartsInANewBoxedProcessNotInViper() throws {
        let (plugins, outside) = try rogue()
        let library = plugins + "/libRoguePlugin.so"
        let viper = ViperProcess()
        let shell = try RunningViper(arguments: ["--plugins", plugins, "--isolate", "rogue"], environment: viper.environment)
        defer { shell.close() }
        shell.send(["open rogue", "pid"])
        try shell.waitFor("pid ")
        let first = Self.pids(shell.printed)
        let copy = plugins + "/.libRoguePlugin.so.new"
        try FileManager.default.copyItem(atPath: library, toPath: copy)
        #expect(rename(copy, library) == 0)
        shell.send("reload")
        try shell.waitFor("reloaded rogue (version 2; in a new boxed process)")
        shell.send(["open rogue", "pid", "write \(outside)/after-reload.txt"])
        try shell.waitFor("could not write \(outside)/after-reload.txt")
        let all = Self.pids(shell.printed)
        #expect(first.count == 1 && all.count == 2 && all[1] != all[0], "\(shell.printed)")
        #expect(!FileManager.default.fileExists(atPath: outside + "/after-reload.txt"))
    }

    /// The pids the rogue module printed, each once, in order (a screen drawn again repeats one).
    private static func pids(_ text: String) -> [String] {
        var seen: [String] = []
        for line in text.split(separator: "\n") where line.hasPrefix("pid ") && !seen.contains(String(line)) {
            seen.append(String(line))
        }
        return seen
    }

    @Test func commandsErrorsAndRoutingCrossTheWire() throws {
        let (plugins, _) = try rogue()
        let result = try shell(ViperProcess(), plugins, isolated: true, "open rogue; fail; hello; where; back; leave; where")
        #expect(result.stderr.contains("error: rogue refuses politely"), "\(result.output)")
        let crumbs = result.stdout.split(separator: "\n").filter { $0.hasPrefix("Home") }
        #expect(crumbs == ["Home › Rogue › Hello", "Home"], "\(result.output)")
        #expect(result.stdout.contains(", Rogue!"), "\(result.output)")  // the greeting the path asked for
    }

    @Test func theBundledGreeterRunsTheSameIsolatedAndInProcess() throws {
        let viper = ViperProcess()
        let commands = "open hello?name=Ann; name Bo; where"
        let isolated = try viper.run(["--isolate", "greeter", "-c", commands])
        let inProcess = try viper.run(["-c", commands])
        #expect(isolated.status == 0, "\(isolated.output)")
        #expect(isolated.stdout == inProcess.stdout, "\(isolated.output)\n----\n\(inProcess.output)")
        #expect(isolated.stdout.contains(", Bo!"))
        let log = try String(contentsOfFile: viper.dataFolder + "/viper.log", encoding: .utf8)
        #expect(log.contains("started greeter isolated"), "\(log)")
    }

    @Test func pluginsAndDoctorShowTheModeAndAServiceProviderIsRefused() throws {
        let good = try Fixtures.good()
        let viper = ViperProcess()
        try Data(#"{"isolate": ["greeter", "fixture-good", "nobody"]}"#.utf8).write(to: URL(fileURLWithPath: viper.dataFolder + "/config.json"))
        let plugins = try viper.run(["--plugins", good, "plugins"])
        let lines = plugins.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "  mode:      isolated (named in \"isolate\" in config.json; a boxed process of its own; writes only \(viper.dataFolder)/isolated/greeter; no network)"
            ), "\(plugins.stdout)")
        #expect(lines.contains("  mode:      in process (bundled with viper)"), "\(plugins.stdout)")
        #expect(
            lines.contains(
                "  mode:      refused: named to run isolated, and it cannot (see disabled: below); 'viper plugins --no-isolate fixture-good' lets the default rule decide"
            ), "\(plugins.stdout)")
        let doctor = try viper.run(["--plugins", good, "doctor"])
        #expect(doctor.stdout.contains("isolated: greeter runs in a boxed process of its own"), "\(doctor.stdout)")
        #expect(
            doctor.stdout.contains(
                "isolate: plugin 'fixture-good' provides service GoodPlugin.GoodMarker to other plugins, which an isolated plugin cannot do yet; run it in process (viper plugins --no-isolate fixture-good takes it out of \"isolate\" in config.json; or drop --isolate fixture-good)"
            ), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("isolate: no plugin named 'nobody' was found"), "\(doctor.stdout)")
    }
}

/// A plugin made by `viper new`, run isolated and in process from the same file.
@Suite(.tags(.slow)) struct IsolatedNewPluginTests {
    @Test func aNewCounterRunsTheSameIsolatedAndInProcess() throws {
        let counter = try GeneratedCounter.built()
        let folder = try TemporaryFolder.make("isolated-counter")
        try FileManager.default.copyItem(atPath: counter.library, toPath: folder + "/libCounterPlugin.so")
        let commands = "open counter; add Buy milk; add Eggs; remove 1"
        let isolated = try ViperProcess().run(["--plugins", folder, "--isolate", "counter", "-c", commands])
        let inProcess = try ViperProcess().run(["--plugins", folder, "-c", commands])
        #expect(isolated.status == 0, "\(isolated.output)")
        #expect(isolated.stdout == inProcess.stdout, "\(isolated.output)\n----\n\(inProcess.output)")
        #expect(isolated.stdout.contains("1. Eggs"), "\(isolated.output)")
    }
}
