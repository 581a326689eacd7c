import Foundation
import Testing
import ViperCoreTestSupport
import ViperTestSupport

/// The loader's refusals and the trust checks' hints, followed as they say: a file in the plugin
/// folder that is not a plugin, a truncated copy, a plugin or a folder others can write, a plugin
/// lock that no longer matches or cannot be read. Each test makes the problem in the user plugin
/// folder, reads the hint from `viper doctor`, does what it says and sees doctor say ok.
@Suite(.tags(.slow)) struct LoaderHintFollowingTests {
    /// What is put at libBroken.so in the plugin folder, and the hint doctor prints for it.
    static let notPlugins: [(String, String)] = [
        ("script", "not a plugin: not an ELF shared library; remove it from the plugin folder"),
        ("empty", "not a plugin: the file is empty; rebuild the plugin or remove the file"),
        ("folder", "not a plugin: not a regular file; remove it from the plugin folder"),
    ]

    @Test(arguments: notPlugins)
    func aFileThatIsNotAPluginRemovedAsDoctorSaysLeavesDoctorOk(made: String, hint: String) throws {
        let viper = ViperProcess()
        try viper.installInUserFolder([try Fixtures.good()])
        let path = viper.userPluginFolder + "/libBroken.so"
        switch made {
        case "script": try TemporaryFolder.write(Array("#!/bin/sh\necho not a library\n".utf8), to: "libBroken.so", in: viper.userPluginFolder)
        case "empty": try TemporaryFolder.write([], to: "libBroken.so", in: viper.userPluginFolder)
        default: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        }
        let refused = try viper.run(["doctor"])
        #expect(refused.status == 1, "\(refused.output)")
        let line = try #require(Hint.line(hint, in: refused.output), "\(refused.output)")
        // "problem: PATH: not a plugin: ...; remove it": the path the line names is the one to remove.
        #expect(Hint.subject(of: line) == path, "\(line)")
        try FileManager.default.removeItem(atPath: Hint.subject(of: line))
        let followed = try viper.run(["doctor"])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(!followed.output.contains("libBroken.so"), "\(followed.output)")
    }

    @Test func aTruncatedPluginCopiedAgainAsDoctorSaysLoads() throws {
        let viper = ViperProcess()
        let good = try Fixtures.good()
        let whole = try Data(contentsOf: URL(fileURLWithPath: good))
        let path = try TemporaryFolder.write(Array(whole.prefix(5000)), to: "libGoodPlugin.so", in: try userFolder(viper))
        let refused = try viper.run(["doctor"])
        let line = try #require(Hint.line("rebuild the plugin or copy it again", in: refused.output), "\(refused.output)")
        #expect(Hint.subject(of: line) == path, "\(line)")
        // Copied again from where it was built.
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: good, toPath: path)
        let followed = try viper.run(["doctor"])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(try viper.run(["plugins"]).stdout.contains("fixture-good 1.2.3  [ready]"))
    }

    /// A plugin file its group can write, and a plugin folder everyone can write.
    @Test(arguments: [(false, "g+w"), (true, "o+w")])
    func aPluginOthersCanReplaceIsLoadedAfterTheChmodTheRefusalNames(folder: Bool, mode: String) throws {
        let viper = ViperProcess()
        let plugin = try #require(try viper.installInUserFolder([try Fixtures.good()]).first)
        let target = folder ? viper.userPluginFolder : plugin
        #expect(try Subprocess.tool(["chmod", mode, target]).status == 0)
        let refused = try viper.run(["doctor"])
        #expect(refused.status == 1, "\(refused.output)")
        let line = try #require(Hint.line("so another account could replace the code viper runs; run 'chmod go-w ", in: refused.output), "\(refused.output)")
        let chmod = try Hint.command("chmod", in: line)
        #expect(chmod == ["chmod", "go-w", target], "\(line)")
        #expect(try Hint.run(chmod, with: viper).status == 0)
        let followed = try viper.run(["doctor"])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(try viper.run(["plugins"]).stdout.contains("fixture-good 1.2.3  [ready]"))
    }

    /// A FIFO in the plugin folder: the folder was given, so the line's fix for it is to remove
    /// the FIFO from there; removed, doctor is ok.
    @Test func aFIFOInThePluginFolderRemovedAsTheLineSaysLeavesDoctorOk() throws {
        let viper = ViperProcess()
        try viper.installInUserFolder([try Fixtures.good()])
        let path = viper.userPluginFolder + "/libPipe.so"
        #expect(try Subprocess.tool(["mkfifo", path]).status == 0)
        let refused = try viper.run(["doctor"])
        #expect(refused.status == 1, "\(refused.output)")
        let line = try #require(Hint.line("is a FIFO, not a plugin file", in: refused.output), "\(refused.output)")
        #expect(line.hasSuffix("(one found in a plugin folder: remove it from there)"), "\(line)")
        #expect(Hint.subject(of: line) == path, "\(line)")
        try FileManager.default.removeItem(atPath: Hint.subject(of: line))
        let followed = try viper.run(["doctor"])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(try viper.run(["plugins"]).stdout.contains("fixture-good 1.2.3  [ready]"))
    }

    /// The same plugin in the user folder under two file names: the second copy is refused, "remove
    /// one of the two"; the copy the line is about removed, doctor is ok and the plugin ready.
    @Test func aPluginCopiedTwiceIsReadyOnceOneOfTheTwoIsRemoved() throws {
        let viper = ViperProcess()
        let plugin = try #require(try viper.installInUserFolder([try Fixtures.good()]).first)
        let copy = viper.userPluginFolder + "/libGoodCopy.so"
        try FileManager.default.copyItem(atPath: plugin, toPath: copy)
        let refused = try viper.run(["doctor"])
        #expect(refused.status == 1, "\(refused.output)")
        let line = try #require(Hint.line("is already loaded from", in: refused.output), "\(refused.output)")
        #expect(line.hasSuffix("; remove one of the two"), "\(line)")
        let subject = Hint.subject(of: line)
        #expect([plugin, copy].contains(subject), "\(line)")
        try FileManager.default.removeItem(atPath: subject)
        let followed = try viper.run(["doctor"])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(try viper.run(["plugins"]).stdout.contains("fixture-good 1.2.3  [ready]"))
    }

    /// --allow-insecure-plugins loads a plugin its group can write and warns "use it only for
    /// development"; dropped as the warning says, the plugin is refused with its own fix, and
    /// that fix run as quoted loads it with no warning.
    @Test func theInsecureWarningFollowedByDroppingTheFlagShowsTheProblemItHid() throws {
        let viper = ViperProcess()
        let plugin = try #require(try viper.installInUserFolder([try Fixtures.good()]).first)
        #expect(try Subprocess.tool(["chmod", "g+w", plugin]).status == 0)
        let insecure = try viper.run(["--allow-insecure-plugins", "doctor"])
        let warning = try #require(Hint.line("--allow-insecure-plugins: plugins are loaded", in: insecure.output), "\(insecure.output)")
        #expect(warning.hasSuffix("use it only for development"), "\(warning)")
        #expect(try viper.run(["--allow-insecure-plugins", "plugins"]).stdout.contains("fixture-good 1.2.3  [ready]"))

        // Without the flag the group-writable file is refused, with the chmod that fixes it.
        let refused = try viper.run(["doctor"])
        #expect(refused.status == 1, "\(refused.output)")
        #expect(!refused.output.contains("--allow-insecure-plugins"), "\(refused.output)")
        let line = try #require(Hint.line("run 'chmod go-w ", in: refused.output), "\(refused.output)")
        #expect(try Hint.run(try Hint.command("chmod", in: line), with: viper).status == 0)
        let followed = try viper.run(["doctor"])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(!followed.output.contains("warning:"), "\(followed.output)")
        #expect(try viper.run(["plugins"]).stdout.contains("fixture-good 1.2.3  [ready]"))
    }

    @Test func aDataFolderEveryoneCanWriteIsUsedAfterTheChmodTheWarningNames() throws {
        let viper = ViperProcess()
        #expect(try Subprocess.tool(["chmod", "o+w", viper.dataFolder]).status == 0)
        let warned = try viper.run(["doctor"])
        let line = try #require(Hint.line("viper writes nothing in the data folder", in: warned.output), "\(warned.output)")
        #expect(try Hint.run(try Hint.command("chmod", in: line), with: viper).status == 0)
        let followed = try viper.run(["-c", "where"])
        #expect(!followed.output.contains("viper writes nothing"), "\(followed.output)")
        #expect(FileManager.default.fileExists(atPath: viper.dataFolder + "/viper.log"), "the session wrote its log")
    }

    @Test func aDataFolderThatIsAFileMovedAwayAsTheErrorSaysIsMadeAgain() throws {
        let viper = ViperProcess()
        try FileManager.default.removeItem(atPath: viper.dataFolder)
        try TemporaryFolder.write(Array("mine\n".utf8), to: (viper.dataFolder as NSString).lastPathComponent,
                                  in: (viper.dataFolder as NSString).deletingLastPathComponent)
        let refused = try viper.run(["-c", "where"])
        let line = try #require(Hint.line("is a file, not a folder; move it away", in: refused.output), "\(refused.output)")
        try FileManager.default.moveItem(atPath: viper.dataFolder, toPath: viper.dataFolder + ".mine")
        let followed = try viper.run(["-c", "where"])
        #expect(followed.status == 0, "\(line)\n\(followed.output)")
        #expect(!followed.output.contains("is a file, not a folder"), "\(followed.output)")
    }

    @Test func aChangedLockedPluginLoadsAfterTheLockTheRefusalAsksFor() throws {
        let viper = ViperProcess()
        let plugin = try #require(try viper.installInUserFolder([try Fixtures.good()]).first)
        #expect(try viper.run(["plugins", "--lock"]).status == 0)
        // A new build of the plugin: other bytes in the same file.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: plugin))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("rebuilt".utf8))
        try handle.close()
        let refused = try viper.run(["doctor"])
        #expect(refused.status == 1, "\(refused.output)")
        let line = try #require(Hint.line("it changed since it was locked", in: refused.output), "\(refused.output)")
        let lock = try Hint.command("viper", in: line)
        #expect(lock == ["viper", "plugins", "--lock"], "\(line)")
        #expect(try Hint.run(lock, with: viper).status == 0)
        let followed = try viper.run(["doctor"])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(try viper.run(["plugins"]).stdout.contains("fixture-good 1.2.3  [ready]"))
    }

    @Test func anUnreadableLockRemovedAndWrittenAgainAsTheHintSaysLoadsThePlugins() throws {
        let viper = ViperProcess()
        try viper.installInUserFolder([try Fixtures.good()])
        try TemporaryFolder.write(Array("not json\n".utf8), to: "plugins.lock", in: viper.dataFolder)
        let refused = try viper.run(["doctor"])
        #expect(refused.status == 1, "\(refused.output)")
        let line = try #require(Hint.line("not a plugin lock viper can read; remove it and run 'viper plugins --lock'", in: refused.output), "\(refused.output)")
        try FileManager.default.removeItem(atPath: Hint.subject(of: line))
        #expect(try Hint.run(try Hint.command("viper", in: line), with: viper).status == 0)
        let followed = try viper.run(["doctor"])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(try viper.run(["plugins"]).stdout.contains("fixture-good 1.2.3  [ready]"))
    }

    /// The good fixture with its manifest named `name`, and its registration written `times` times.
    static func good(named name: String, registering times: Int = 1) throws -> String {
        let registration = "        registrar.registerService(GoodMarker.self, requires: [.service(Logger.self)]) { _ in Marker() }\n"
        let source = try Fixtures.source("GoodPlugin.swift")
            .replacingOccurrences(of: "name: \"fixture-good\"", with: "name: \"\(name)\"")
            .replacingOccurrences(of: registration, with: String(repeating: registration, count: times))
        return try FixtureCompiler.swiftPlugin(named: "GoodPlugin", source: source)
    }

    /// A manifest name the loader refuses, and the hint it prints: renamed in the manifest and
    /// rebuilt, the plugin loads.
    @Test(arguments: [
        ("Fixture_Good", "is not valid; use lower-case letters, digits and dashes"),
        ("host", "its manifest name 'host' is reserved for viper itself; rename the plugin"),
        ("todo", "belongs to the bundled plugin at "),
    ])
    func aPluginWhoseNameIsRefusedLoadsOnceRenamedAsTheHintSays(name: String, hint: String) throws {
        let viper = ViperProcess()
        let path = try #require(try viper.installInUserFolder([try Self.good(named: name)]).first)
        let refused = try viper.run(["doctor"])
        let line = try #require(Hint.line(hint, in: refused.output), "\(refused.output)")
        #expect(line.contains(path) && (line.contains("rename the plugin") || line.contains("give this plugin another name in its PluginManifest")
                                        || line.contains("use lower-case letters")), "\(line)")
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: try Self.good(named: "fixture-renamed"), toPath: path)
        let followed = try viper.run(["doctor"])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(try viper.run(["plugins"]).stdout.contains("fixture-renamed 1.2.3  [ready]"))
    }

    @Test func aPluginThatRegistersAContractTwiceLoadsOnceItRegistersItOnceAsTheHintSays() throws {
        let viper = ViperProcess()
        let path = try #require(try viper.installInUserFolder([try Self.good(named: "fixture-good", registering: 2)]).first)
        let refused = try viper.run(["doctor"])
        #expect(refused.status == 1, "\(refused.output)")
        let line = try #require(Hint.line("more than once; register each contract", in: refused.output), "\(refused.output)")
        #expect(line.contains("GoodMarker"), "\(line)")
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: try Self.good(named: "fixture-good"), toPath: path)
        let followed = try viper.run(["doctor"])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(try viper.run(["plugins"]).stdout.contains("fixture-good 1.2.3  [ready]"))
    }

    @Test func aLockThatIsNotAFileRemovedAndWrittenAgainAsTheHintSaysLoadsThePlugins() throws {
        let viper = ViperProcess()
        try viper.installInUserFolder([try Fixtures.good()])
        try FileManager.default.createDirectory(atPath: viper.dataFolder + "/plugins.lock", withIntermediateDirectories: false)
        let refused = try viper.run(["doctor"])
        let line = try #require(Hint.line("the plugin lock is not a regular file; remove it and run 'viper plugins --lock'", in: refused.output), "\(refused.output)")
        try FileManager.default.removeItem(atPath: Hint.subject(of: line))
        #expect(try Hint.run(try Hint.command("viper", in: line), with: viper).status == 0)
        let followed = try viper.run(["doctor"])
        #expect(followed.status == 0, "\(followed.output)")
    }

    @Test func aPluginAddedAfterTheLockLoadsAfterTheLockTheRefusalAsksFor() throws {
        let viper = ViperProcess()
        #expect(try viper.run(["plugins", "--lock"]).status == 0)
        try viper.installInUserFolder([try Fixtures.good()])
        let refused = try viper.run(["doctor"])
        let line = try #require(Hint.line("added or moved since the lock was written); if you trust it, run 'viper plugins --lock'", in: refused.output),
                                "\(refused.output)")
        #expect(try Hint.run(try Hint.command("viper", in: line), with: viper).status == 0)
        #expect(try viper.run(["doctor"]).status == 0)
        #expect(try viper.run(["plugins"]).stdout.contains("fixture-good 1.2.3  [ready]"))
    }

    @Test func aDeviceGivenAsAPluginIsReplacedByThePluginPathTheHintAsksFor() throws {
        let viper = ViperProcess()
        let refused = try viper.run(["--plugins", "/dev/null", "doctor"])
        #expect(refused.status == 1)
        #expect(refused.output.contains("/dev/null is a device, not a plugin file; give the path of a plugin (lib<Name>.so) or of a folder of plugins"),
                "\(refused.output)")
        let plugin = try Fixtures.good()
        for given in [plugin, (plugin as NSString).deletingLastPathComponent] {
            let followed = try viper.run(["--plugins", given, "doctor"])
            #expect(followed.status == 0, "\(followed.output)")
            #expect(try viper.run(["--plugins", given, "plugins"]).stdout.contains("fixture-good 1.2.3  [ready]"))
        }
    }

    @Test func anObjectFileBuiltAsASharedLibraryAsTheHintSaysLoads() throws {
        let viper = ViperProcess()
        let folder = try TemporaryFolder.make("hint-object")
        let object = folder + "/libGoodPlugin.so"
        let compiled = try FixtureCompiler.run(["swiftc", "-c", "-parse-as-library", "-module-name", "GoodPlugin", "-I", BuildProducts.modules,
                                                Fixtures.sources + "/GoodPlugin.swift", "-o", object])
        try #require(compiled.status == 0, "\(compiled.output)")
        try viper.installInUserFolder([object])
        let refused = try viper.run(["doctor"])
        #expect(refused.status == 1)
        #expect(refused.output.contains("not a plugin: an object file, not a shared library; build the plugin as a shared library (a .dynamic product, or swiftc -emit-library)"),
                "\(refused.output)")
        // Built with swiftc -emit-library, as the fixture compiler builds it.
        let installed = viper.userPluginFolder + "/libGoodPlugin.so"
        try FileManager.default.removeItem(atPath: installed)
        try FileManager.default.copyItem(atPath: try Fixtures.good(), toPath: installed)
        #expect(try viper.run(["doctor"]).status == 0)
        #expect(try viper.run(["plugins"]).stdout.contains("fixture-good 1.2.3  [ready]"))
    }

    /// The cache's note (in the log) says viper rebuilds it: the next start reads it again.
    @Test func anUnreadablePluginCacheIsRebuiltAsTheNoteSays() throws {
        let viper = ViperProcess()
        try viper.installInUserFolder([try Fixtures.good()])
        #expect(try viper.run(["plugins"]).status == 0)
        try TemporaryFolder.write(Array("damaged".utf8), to: "plugin-cache", in: viper.dataFolder)
        let notes = { try String(contentsOfFile: viper.dataFolder + "/viper.log", encoding: .utf8).components(separatedBy: "the plugin cache is unreadable (").count - 1 }
        #expect(try viper.run(["plugins"]).stdout.contains("fixture-good 1.2.3  [ready]"))
        #expect(try notes() == 1)
        let log = try String(contentsOfFile: viper.dataFolder + "/viper.log", encoding: .utf8)
        #expect(Hint.line("the plugin cache is unreadable (", in: log)?.hasSuffix("); rebuilding it") == true, "\(log)")
        let followed = try viper.run(["plugins"])
        #expect(followed.stdout.contains("fixture-good 1.2.3  [ready]"), "\(followed.stdout)")
        #expect(try notes() == 1, "the rebuilt cache is read without a note")
    }

    /// The user folder, made, with the fixtures trusted (``ViperProcess/installInUserFolder(_:)``).
    private func userFolder(_ viper: ViperProcess) throws -> String {
        try viper.installInUserFolder([])
        return viper.userPluginFolder
    }
}

/// The environment's hints (`VIPER_NOW`, `VIPER_TZ`, `VIPER_SANDBOX`), followed as they say.
@Suite struct EnvironmentHintFollowingTests {
    @Test func aClockInstantThatIsNotOneIsReplacedByTheHintsExample() throws {
        var viper = ViperProcess()
        viper.environment["VIPER_NOW"] = "tomorrow at nine"
        let refused = try viper.run(["-c", "where"])
        #expect(refused.status != 0)
        let line = try #require(Hint.line("is not an instant; use ISO 8601 with a zone, e.g. ", in: refused.output), "\(refused.output)")
        let example = try #require(line.components(separatedBy: "e.g. ").last?.components(separatedBy: " ").first, "\(line)")
        viper.environment["VIPER_NOW"] = example
        let followed = try viper.run(["-c", "where"])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(!followed.output.contains("is not an instant"), "\(followed.output)")
    }

    @Test func aTimeZoneThatIsNotOneIsReplacedByTheNameTheHintGives() throws {
        var viper = ViperProcess()
        viper.environment["VIPER_TZ"] = "Mars/Olympus"
        let refused = try viper.run(["-c", "where"])
        #expect(refused.status != 0)
        let line = try #require(Hint.line("is not a time zone; use an IANA name such as ", in: refused.output), "\(refused.output)")
        let zone = try #require(line.components(separatedBy: "such as ").last?.components(separatedBy: " ").first, "\(line)")
        #expect(zone == "UTC")
        viper.environment["VIPER_TZ"] = zone
        let followed = try viper.run(["-c", "where"])
        #expect(followed.status == 0, "\(followed.output)")
    }

    @Test func theSandboxTurnedOffIsBackOnOnceTheVariableIsUnset() throws {
        var viper = ViperProcess()
        viper.environment["VIPER_SANDBOX"] = "off"
        let off = try viper.run(["doctor"])
        #expect(off.output.contains("sandbox: off (VIPER_SANDBOX=off)") && off.output.contains("unset it to turn it back on"), "\(off.output)")
        viper.environment.removeValue(forKey: "VIPER_SANDBOX")
        let on = try viper.run(["doctor"])
        #expect(!on.output.contains("sandbox: off"), "\(on.output)")
        #expect(try DoctorReport.decode(try viper.run(["doctor", "--json"]).stdout).sandbox.on)
    }
}
