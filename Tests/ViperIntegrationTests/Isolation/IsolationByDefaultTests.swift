import Foundation
import Testing
import ViperTestSupport

/// How a plugin runs when nobody named it (the rule in `PluginMode.swift`): a plugin in the user
/// folder (a copied drop-in, or `viper plugins install`) runs isolated unless the person trusts it;
/// one that cannot run isolated is not loaded until trusted; bundled plugins and those named with
/// `--plugins` or `VIPER_PLUGIN_PATH` run in process. Driven through `viper` as a person would.
@Suite struct IsolationByDefaultTests {
    private func userFolder(_ viper: ViperProcess) throws -> String {
        let folder = (viper.environment["XDG_DATA_HOME"] ?? "") + "/viper/plugins"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The rogue fixture dropped into the user folder, as a person would with `cp`.
    private func dropRogue(_ viper: ViperProcess) throws -> String {
        let library = try Fixtures.swift("Isolation/RoguePlugin.swift", module: "RoguePlugin")
        let path = try userFolder(viper) + "/libRoguePlugin.so"
        try FileManager.default.copyItem(atPath: library, toPath: path)
        return path
    }

    /// The command line of the process that printed `pid N` in `text` (read while the shell runs).
    private static func commandLineOfPrintedPid(_ text: String) -> String? {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("pid ") }),
            let bytes = FileManager.default.contents(atPath: "/proc/\(line.dropFirst(4))/cmdline")
        else { return nil }
        return String(decoding: bytes.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
    }

    @Test func aHostileDropInRunsInAnotherProcessAndCannotWriteOutsideItsFolder() throws {
        let viper = ViperProcess()
        _ = try dropRogue(viper)
        let outside = try TemporaryFolder.make("outside")
        let result = try viper.run(["-c", "open rogue; write \(outside)/dropped.txt; keep mine.txt"])
        #expect(result.stdout.contains("could not write \(outside)/dropped.txt"), "\(result.output)")
        #expect(!FileManager.default.fileExists(atPath: outside + "/dropped.txt"))
        #expect(FileManager.default.fileExists(atPath: viper.dataFolder + "/isolated/rogue/mine.txt"), "\(result.output)")

        // Its pid is a boxed process of its own, not the shell's.
        let shell = try RunningViper(arguments: [], environment: viper.environment)
        defer { shell.close() }
        shell.send(["open rogue", "pid"])
        try shell.waitFor("pid ")
        let command = Self.commandLineOfPrintedPid(shell.printed)
        #expect(command?.contains("__isolated") == true, "\(command ?? "no such process")\n\(shell.printed)")
        let log = try String(contentsOfFile: viper.dataFolder + "/viper.log", encoding: .utf8)
        #expect(log.contains("started rogue isolated from "), "\(log)")
    }

    @Test func theSameFileNamedWithPluginsOrThePluginPathRunsInProcess() throws {
        let viper = ViperProcess()
        let dropped = try dropRogue(viper)
        let named = try TemporaryFolder.make("named")
        try FileManager.default.moveItem(atPath: dropped, toPath: named + "/libRoguePlugin.so")
        let outside = try TemporaryFolder.make("outside")
        let flag = try viper.run(["--plugins", named, "-c", "open rogue; write \(outside)/flag.txt"])
        #expect(flag.stdout.contains("wrote \(outside)/flag.txt"), "\(flag.output)")
        var path = viper
        path.environment["VIPER_PLUGIN_PATH"] = named
        let environment = try path.run(["-c", "open rogue; write \(outside)/path.txt"])
        #expect(environment.stdout.contains("wrote \(outside)/path.txt"), "\(environment.output)")

        let shell = try RunningViper(arguments: ["--plugins", named], environment: viper.environment)
        defer { shell.close() }
        shell.send(["open rogue", "pid"])
        try shell.waitFor("pid ")
        let command = Self.commandLineOfPrintedPid(shell.printed)
        #expect(command != nil && command?.contains("__isolated") == false, "\(command ?? "no such process")")

        let listed = try viper.run(["--plugins", named, "plugins"]).stdout
        #expect(listed.contains("  mode:      in process (named with --plugins for this run)"), "\(listed)")
    }

    @Test func trustingADropInRunsItInProcessAndTakingItBackIsolatesItAgain() throws {
        let viper = ViperProcess()
        _ = try dropRogue(viper)
        let outside = try TemporaryFolder.make("outside")
        let trusted = try viper.run(["plugins", "--trust", "rogue"])
        #expect(trusted.status == 0, "\(trusted.output)")
        #expect(trusted.stdout.contains("Trusted rogue: it runs in viper's process (\"trust\" in \(viper.dataFolder)/config.json)."), "\(trusted.output)")
        #expect(trusted.stdout.contains("  mode:      in process (trusted by you; 'viper plugins --untrust rogue' takes that back)"), "\(trusted.stdout)")
        let config = try String(contentsOfFile: viper.dataFolder + "/config.json", encoding: .utf8)
        #expect(config.contains("\"trust\" : [\n    \"rogue\"\n  ]"), "\(config)")
        let inProcess = try viper.run(["-c", "open rogue; write \(outside)/trusted.txt"])
        #expect(inProcess.stdout.contains("wrote \(outside)/trusted.txt"), "\(inProcess.output)")

        let untrusted = try viper.run(["plugins", "--untrust", "rogue"])
        #expect(untrusted.stdout.contains("rogue is no longer trusted"), "\(untrusted.output)")
        #expect(
            untrusted.stdout.contains(
                "  mode:      isolated by default: not trusted (a boxed process of its own; writes only \(viper.dataFolder)/isolated/rogue; no network); 'viper plugins --trust rogue' runs it in process"
            ), "\(untrusted.stdout)")
        let isolated = try viper.run(["-c", "open rogue; write \(outside)/untrusted.txt"])
        #expect(isolated.stdout.contains("could not write \(outside)/untrusted.txt"), "\(isolated.output)")
        #expect(!FileManager.default.fileExists(atPath: outside + "/untrusted.txt"))
    }

    @Test func aServiceProvidingDropInIsRefusedWithOneLineAndLoadsOnceTrusted() throws {
        let viper = ViperProcess()
        try FileManager.default.copyItem(atPath: try Fixtures.good(), toPath: try userFolder(viper) + "/libGoodPlugin.so")
        let line =
            "plugin 'fixture-good' in the user plugin folder is not loaded: it provides service GoodPlugin.GoodMarker to other plugins, "
            + "so it cannot run isolated, and you have not trusted it to run in viper's process; if you trust it, run: viper plugins --trust fixture-good"
        let shell = try viper.run(["-c", "where"])
        #expect(shell.stderr.split(separator: "\n").filter { $0.contains("fixture-good") }.map(String.init) == ["warning: " + line], "\(shell.output)")
        let doctor = try viper.run(["doctor"])
        #expect(doctor.status == 1 && doctor.stdout.contains("problem: \(line)"), "\(doctor.output)")
        let listed = try viper.run(["plugins", "--json"]).stdout
        #expect(listed.contains("\"runs\" : \"refused\""), "\(listed)")

        let trusted = try viper.run(["plugins", "--trust", "fixture-good"])
        #expect(trusted.stdout.contains("fixture-good 1.2.3  [ready]"), "\(trusted.stdout)")
        let after = try viper.run(["doctor"])
        #expect(after.status == 0 && !after.output.contains("not loaded"), "\(after.output)")
        let json = try viper.run(["plugins", "--json"]).stdout
        #expect(json.contains("\"why\" : \"trusted\""), "\(json)")
    }

    @Test func aDropInAddedWhileTheShellRunsMeetsTheSameRule() throws {
        let viper = ViperProcess()
        let outside = try TemporaryFolder.make("outside")
        let folder = try userFolder(viper)
        try Data(#"{"trust": ["fixture-good"]}"#.utf8).write(to: URL(fileURLWithPath: viper.dataFolder + "/config.json"))
        let shell = try RunningViper(arguments: [], environment: viper.environment)
        defer { shell.close() }
        shell.send("where")
        try shell.waitFor("Home")
        let rogue = try Fixtures.swift("Isolation/RoguePlugin.swift", module: "RoguePlugin")
        try FileManager.default.copyItem(atPath: rogue, toPath: folder + "/libRoguePlugin.so")
        try FileManager.default.copyItem(atPath: try Fixtures.good(), toPath: folder + "/libGoodPlugin.so")
        try FileManager.default.copyItem(atPath: try Fixtures.english(), toPath: folder + "/libEnglish.so")
        shell.send("reload")
        try shell.waitFor("added rogue")
        // Trusted: loaded in process; not trusted and serving others: refused with the line that trusts it.
        try shell.waitFor("added fixture-good")
        try shell.waitFor("if you trust it, run: viper plugins --trust fixture-english")
        shell.send(["open rogue", "write \(outside)/live.txt"])
        try shell.waitFor("could not write \(outside)/live.txt")
        #expect(!FileManager.default.fileExists(atPath: outside + "/live.txt"))
        #expect(!shell.printed.contains("not trusted it to run in viper's process; if you trust it, run: viper plugins --trust fixture-good"))
    }

    @Test func aChoiceMadeWhileTheShellRunsTakesEffectAtItsNextStart() throws {
        let viper = ViperProcess()
        let library = try dropRogue(viper)
        let outside = try TemporaryFolder.make("outside")
        let shell = try RunningViper(arguments: [], environment: viper.environment)
        defer { shell.close() }
        shell.send(["open rogue", "pid"])
        try shell.waitFor("pid ")
        let trusted = try viper.run(["plugins", "--trust", "rogue"])
        #expect(trusted.stdout.contains("A shell that is running keeps how its plugins run until it starts again."), "\(trusted.output)")
        // A new version of the file, reloaded twice: it stays in a boxed process for this session.
        for round in 1...2 {
            let copy = library + ".new"
            try FileManager.default.copyItem(atPath: library, toPath: copy)
            #expect(rename(copy, library) == 0)
            shell.send("reload")
            try shell.waitFor("reloaded rogue (version \(round + 1); in a new boxed process)")
        }
        shell.send(["open rogue", "write \(outside)/running.txt"])
        try shell.waitFor("could not write \(outside)/running.txt")
        let next = try viper.run(["-c", "open rogue; write \(outside)/next.txt"])
        #expect(next.stdout.contains("wrote \(outside)/next.txt"), "\(next.output)")
    }

    @Test func isolatingABundledPluginIsKeptAndUndone() throws {
        let viper = ViperProcess()
        let isolated = try viper.run(["plugins", "--isolate", "greeter"])
        #expect(
            isolated.stdout.contains(
                "  mode:      isolated (named in \"isolate\" in config.json; a boxed process of its own; writes only \(viper.dataFolder)/isolated/greeter; no network)"
            ), "\(isolated.output)")
        let commands = "open hello?name=Ann; name Bo; where"
        let boxed = try viper.run(["-c", commands])
        let log = try String(contentsOfFile: viper.dataFolder + "/viper.log", encoding: .utf8)
        #expect(log.contains("started greeter isolated"), "\(log)")
        let undone = try viper.run(["plugins", "--no-isolate", "greeter"])
        #expect(undone.stdout.contains("  mode:      in process (bundled with viper)"), "\(undone.output)")
        let inProcess = try viper.run(["-c", commands])
        #expect(boxed.stdout == inProcess.stdout && boxed.stdout.contains(", Bo!"), "\(boxed.output)\n----\n\(inProcess.output)")
        let again = try String(contentsOfFile: viper.dataFolder + "/viper.log", encoding: .utf8)
        #expect(again.components(separatedBy: "started greeter isolated").count == 2, "\(again)")
    }

    @Test func aWrongChoiceSaysWhatIsWrongAndChangesNothing() throws {
        let viper = ViperProcess()
        let unknown = try viper.run(["plugins", "--trust", "nobody"])
        #expect(unknown.status == 0 && unknown.stderr.contains("note: no plugin named 'nobody' was found; the choice is kept"), "\(unknown.output)")
        try FileManager.default.removeItem(atPath: viper.dataFolder + "/config.json")
        let both = try viper.run(["plugins", "--trust", "rogue", "--isolate", "rogue"])
        #expect(both.status == 64 && both.stderr.contains("cannot --trust and --isolate 'rogue' at once"), "\(both.output)")
        let config = viper.dataFolder + "/config.json"
        #expect(!FileManager.default.fileExists(atPath: config))
        let broken = "{\"trust\": [\"rogue\"], \"providers\": "
        try Data(broken.utf8).write(to: URL(fileURLWithPath: config))
        let refused = try viper.run(["plugins", "--trust", "other"])
        #expect(refused.status == 1 && refused.stderr.contains("\(config): not a valid viper config"), "\(refused.output)")
        #expect(try String(contentsOfFile: config, encoding: .utf8) == broken)
        // A config that is a link is never written through.
        let target = try TemporaryFolder.make("target") + "/precious.json"
        try Data("{}".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.removeItem(atPath: config)
        try FileManager.default.createSymbolicLink(atPath: config, withDestinationPath: target)
        let link = try viper.run(["plugins", "--trust", "other"])
        #expect(link.status == 1, "\(link.output)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "{}")
    }

    /// `viper new` says what the isolation rule asks of a plugin copied into the user folder: a
    /// service plugin is told the exact trust command, for the name its manifest declares.
    /// A trusted name that matches no plugin is a typo only when every plugin file could be read:
    /// while one could not (its name unknown), doctor says the name may be its and to fix it first.
    @Test func aTrustedNameBesideAPluginThatCouldNotLoadIsNotCalledATypo() throws {
        let viper = ViperProcess()
        #expect(try viper.run(["plugins", "--trust", "ghost"]).status == 0)
        let broken = try userFolder(viper) + "/libNotAPlugin.so"
        try FileManager.default.copyItem(atPath: try Fixtures.c("NotAPlugin.c"), toPath: broken)
        let doctor = try viper.run(["doctor"])
        #expect(doctor.stdout.contains("trust: no plugin viper could read is named 'ghost', but 1 plugin file(s) above could not be loaded"),
                "\(doctor.output)")
        #expect(!doctor.stdout.contains("no plugin named 'ghost' was found"), "\(doctor.output)")

        // Followed: the file that could not load fixed (here removed); what is left is a name to check.
        try FileManager.default.removeItem(atPath: broken)
        let after = try viper.run(["doctor"])
        #expect(after.stdout.contains("trust: no plugin named 'ghost' was found; check the name in 'viper plugins'"), "\(after.output)")
    }

    /// A build named with `--plugins` (as `viper dev` names a workspace's) while an installed copy
    /// of the same plugin is in the user folder: the named one serves and the installed one waits,
    /// which is what the person asked for, so nothing calls it a problem or says to remove a file.
    @Test func aBuildNamedWithPluginsSetsTheInstalledCopyAsideWithoutAProblem() throws {
        let viper = ViperProcess()
        let fault = try Fixtures.fault()
        let installed = try userFolder(viper) + "/libFaultPlugin.so"
        try FileManager.default.copyItem(atPath: fault, toPath: installed)
        let doctor = try viper.run(["--plugins", fault, "doctor"])
        #expect(doctor.status == 0, "\(doctor.output)")
        #expect(!doctor.output.contains("remove one of the two"), "\(doctor.output)")
        let plugins = try viper.run(["--plugins", fault, "plugins"])
        #expect(plugins.stdout.contains("set aside for this run: the plugin named 'fixture-fault' given with --plugins (\(fault)) serves instead"),
                "\(plugins.output)")
        let shell = try viper.run(["--plugins", fault, "-c", "open fault"])
        #expect(shell.status == 0 && !shell.stderr.contains("warning"), "\(shell.output)")
    }

    @Test func aNewServicePluginIsToldToBeTrustedByItsManifestName() throws {
        let folder = try TemporaryFolder.make("new-trust")
        let made = try ViperProcess().run(["new", "service", "Journal", "--dir", folder])
        #expect(made.status == 0, "\(made.output)")
        #expect(made.stdout.contains("plugins --trust journal'"), "\(made.stdout)")
        let plugin = try String(contentsOfFile: folder + "/Journal/Sources/JournalPlugin/JournalPlugin.swift", encoding: .utf8)
        #expect(plugin.contains("name: \"journal\""), "\(plugin)")
    }

    /// A consumer whose provider sits untrusted in the user folder is told which plugin provides
    /// it and why it is not loaded, in doctor and in `viper check`; following the line (trusting
    /// the provider) makes both pass, and check then names the installed provider.
    @Test func aConsumerNamesItsHeldBackProviderAndTrustingItServesBoth() throws {
        let viper = ViperProcess()
        try FileManager.default.copyItem(atPath: try Fixtures.english(), toPath: try userFolder(viper) + "/libEnglish.so")
        let consumer = try Fixtures.consumer()
        let held =
            "which no plugin viper loads provides: 'libEnglish.so' provides it but is not loaded (plugin 'fixture-english' in the user plugin "
            + "folder is not loaded: it provides service FixtureContracts.Greeting to other plugins, so it cannot run isolated, and you have "
            + "not trusted it to run in viper's process; if you trust it, run: viper plugins --trust fixture-english)"
        let doctor = try viper.run(["--plugins", consumer, "doctor"])
        #expect(doctor.status == 1 && doctor.stdout.contains("plugin 'fixture-consumer' is disabled: ") && doctor.stdout.contains(held), "\(doctor.output)")
        let check = try viper.run(["check", consumer])
        #expect(check.status == 1 && check.stdout.contains("fail  [plugin] requirements: with the plugins viper finds for you, viper would disable it: "), "\(check.output)")
        #expect(check.stdout.contains(held), "\(check.output)")
        // A module that asks for the provider's service is told the same, not to install one.
        #expect(check.stdout.contains("which no loaded plugin provides"), "\(check.output)")
        #expect(!check.stdout.contains("install a plugin that provides it"), "\(check.output)")

        #expect(try viper.run(["plugins", "--trust", "fixture-english"]).status == 0)
        let after = try viper.run(["--plugins", consumer, "doctor"])
        #expect(after.status == 0, "\(after.output)")
        let passing = try viper.run(["check", consumer])
        #expect(
            passing.stdout.contains("pass  [plugin] requirements: 1 required contract(s), each provided; installed providers from your plugin folders: fixture-english ("),
            "\(passing.output)")
        #expect(!passing.stdout.contains("fail  [plugin] requirements"), "\(passing.output)")  // (its module never builds: a fixture)
    }
}

/// A plugin made by `viper new`, dropped into the user folder: isolated by default, in process
/// when named with `--plugins`, the same screens from the same file.
@Suite(.tags(.slow)) struct NewPluginIsolatedByDefaultTests {
    @Test func aNewCounterDroppedInRunsIsolatedAndTheSameNamedWithPlugins() throws {
        let counter = try GeneratedCounter.built()
        let viper = ViperProcess()
        let user = (viper.environment["XDG_DATA_HOME"] ?? "") + "/viper/plugins"
        try FileManager.default.createDirectory(atPath: user, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: counter.library, toPath: user + "/libCounterPlugin.so")
        let commands = "open counter; add Buy milk; add Eggs; remove 1"
        let dropped = try viper.run(["-c", commands])
        let log = try String(contentsOfFile: viper.dataFolder + "/viper.log", encoding: .utf8)
        #expect(log.contains("started counter isolated"), "\(log)")
        let folder = try TemporaryFolder.make("named-counter")
        try FileManager.default.moveItem(atPath: user + "/libCounterPlugin.so", toPath: folder + "/libCounterPlugin.so")
        let named = try ViperProcess().run(["--plugins", folder, "-c", commands])
        #expect(dropped.status == 0, "\(dropped.output)")
        #expect(dropped.stdout == named.stdout, "\(dropped.output)\n----\n\(named.output)")
        #expect(dropped.stdout.contains("1. Eggs"), "\(dropped.output)")
    }
}
