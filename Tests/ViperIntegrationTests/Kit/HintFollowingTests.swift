import Foundation
import Testing
import ViperCoreTestSupport
import ViperTestSupport

/// A hint the tools print is followed as a person would follow it, and the problem it names is
/// gone: each test reads the hint from the output, does what it says, and checks the result.
/// (Others live beside the feature they belong to: the near-miss folder's "move it to"
/// (`PluginFolderNearMissTests`), the gate's `--recut` (`ContractLibraryGateTests`), `check`'s
/// "give it with --plugins" (`ContractLibraryProviderCheckTests`).)
@Suite struct HintFollowingTests {
    @Test func homesStartUpProblemHintTypedInTheSameSessionShowsTheProblem() throws {
        // A plugin given with --plugins (as 'viper dev' gives the one it builds) that is disabled:
        // a separate 'viper doctor' would not see it, the session's own 'doctor' does.
        let folder = try ContractLibraryFixtures.pluginFolder([try ContractLibraryFixtures.plugin("WelcomeConsumerPlugin"),
                                                               try ContractLibraryFixtures.library(minor: 0) + "/libFixtureWelcome.so"])
        let home = try ViperProcess().run(["--plugins", folder, "-c", "home"])
        let hint = "1 start-up problem was reported above; type 'doctor' to see it again with its fix."
        #expect(home.stdout.contains(hint), "\(home.stdout)")
        let followed = try ViperProcess().run(["--plugins", folder, "-c", "home; doctor"])
        let problem = try #require(home.stderr.split(separator: "\n").first { $0.contains("plugin 'welcome-consumer' is disabled") }, "\(home.stderr)")
        #expect(followed.stdout.contains("problem: " + problem.dropFirst("warning: ".count)), "\(followed.stdout)")
    }

    /// A `viper new` line refused with a hint, the hint it must print, and the line the hint leads
    /// to (`DIR` is a fresh folder; `DIR/Tally` a plugin package made there first).
    static let usageHints: [([String], String, [String])] = [
        (["new", "Shared", "--contract-library", "--in-tree", "--dir", "DIR"], "drop --in-tree", ["new", "Shared", "--contract-library", "--dir", "DIR"]),
        (["new", "Picker", "--blank", "--in-tree", "--dir", "DIR"], "drop --in-tree", ["new", "Picker", "--blank", "--dir", "DIR"]),
        (["new", "Caller", "--routes-to", "NoteEditing", "--in-tree", "--dir", "DIR"], "drop --in-tree",
         ["new", "Caller", "--routes-to", "NoteEditing", "--dir", "DIR"]),
        (["new", "module", "Details", "--in", "DIR/Tally", "--dir", "DIR"], "drop --dir", ["new", "module", "Details", "--in", "DIR/Tally"]),
        (["new", "Caller", "--library-path", "DIR", "--dir", "DIR"], "drop --library-path", ["new", "Caller", "--dir", "DIR"]),
        (["new", "Caller", "--example", "--blank", "--dir", "DIR"], "choose one", ["new", "Caller", "--example", "--dir", "DIR"]),
        (["new", "Tally", "--dir", "DIR"], "choose another name or --dir, or remove it", ["new", "Tallies", "--dir", "DIR"]),
        (["new", "Greeter", "--dir", "DIR"], "choose another name", ["new", "Greeting", "--dir", "DIR"]),
        (["new", "widget", "Foo", "--dir", "DIR"], "choose one of plugin, module, service, adapter", ["new", "plugin", "Foo", "--dir", "DIR"]),
        (["new", "--list", "Foo"], "run 'viper new --list' alone", ["new", "--list"]),
        (["new", "module", "Tally", "--in", "DIR/Tally"], "choose another name", ["new", "module", "Tallied", "--in", "DIR/Tally"]),
        (["new", "module", "Other", "--in", "DIR/Tally", "--route", "tally"], "choose another module name or --route",
         ["new", "module", "Other", "--in", "DIR/Tally", "--route", "tally/other"]),
        (["new", "module", "Details", "--in", "DIR"], "give the package's folder with --in", ["new", "module", "Details", "--in", "DIR/Tally"]),
        (["new", "Picker", "--route", "help", "--dir", "DIR"], "choose another name", ["new", "Picker", "--route", "helper", "--dir", "DIR"]),
        (["new", "counter", "--dir", "DIR"], "e.g. 'viper new Counter'", ["new", "Counter", "--dir", "DIR"]),
        (["new", "Help", "--dir", "DIR"], "choose another module name", ["new", "Helper", "--dir", "DIR"]),
        (["new", "Plugin", "--dir", "DIR"], "choose another module name", ["new", "Plug", "--dir", "DIR"]),
        (["new", "Caller", "--routes-to", "NoteEditing", "--contract", "ContactsKit.ContactsKitScreen", "--dir", "DIR"], "drop --contract",
         ["new", "Caller", "--routes-to", "NoteEditing", "--dir", "DIR"]),
        (["new", "adapter", "Greeting", "--from", "Salutation", "--example", "--dir", "DIR"], "choose one",
         ["new", "adapter", "Greeting", "--example", "--dir", "DIR"]),
        (["new", "Greeting", "--from", "Salutation", "--dir", "DIR"], "drop it, or add 'adapter'",
         ["new", "adapter", "Greeting", "--from", "Salutation", "--dir", "DIR"]),
        (["new", "adapter", "Greeting", "--from", "salutation", "--dir", "DIR"], "e.g. 'viper new adapter Greeting --from GreetingSource'",
         ["new", "adapter", "Greeting", "--from", "GreetingSource", "--dir", "DIR"]),
        (["new", "adapter", "Greeting", "--from", "Plugin", "--dir", "DIR"], "e.g. 'viper new adapter Greeting --from GreetingSource'",
         ["new", "adapter", "Greeting", "--from", "GreetingSource", "--dir", "DIR"]),
        (["new", "Greeting", "--from", "Salutation", "--example", "--dir", "DIR"], "drop it, or add 'adapter'",
         ["new", "Greeting", "--example", "--dir", "DIR"]),
        (["new", "Shared", "--service", "Store", "--dir", "DIR"], "add --contract-library or drop them",
         ["new", "Shared", "--contract-library", "--service", "Store", "--dir", "DIR"]),
        (["new", "Shared", "--contract-library", "--example", "--service", "Store", "--dir", "DIR"], "choose one",
         ["new", "Shared", "--contract-library", "--service", "Store", "--dir", "DIR"]),
        (["new", "Shared", "--contract-library", "--service", "Store", "--service", "Store", "--dir", "DIR"], "give each protocol once",
         ["new", "Shared", "--contract-library", "--service", "Store", "--dir", "DIR"]),
    ]

    @Test(arguments: usageHints)
    func aRefusedNewLineNamesAFixThatWorks(refused: [String], hint: String, fixed: [String]) throws {
        let folder = try TemporaryFolder.make("hint-usage")
        let viper = ViperProcess()
        #expect(try viper.run(["new", "Tally", "--dir", folder]).status == 0)
        let fill = { (words: [String]) in words.map { $0.replacingOccurrences(of: "DIR", with: folder) } }
        let wrong = try viper.run(fill(refused))
        #expect(wrong.status == 64, "\(wrong.stdout)")
        #expect(wrong.stderr.contains(hint), "\(wrong.stderr)")
        let followed = try viper.run(fill(fixed))
        #expect(followed.status == 0, "\(followed.stderr)")
    }

    @Test(arguments: [
        ("Contracts.FeedFetching", "choose one of: articles", "{ \"providers\": { \"Contracts.FeedFetching\": \"articles\" } }"),
        ("Contracts.Missing", "remove the choice, or install a plugin that provides it", "{ \"providers\": { } }"),
    ])
    func aProviderChoiceDoctorRefusesIsFixedAsItsHintSays(contract: String, hint: String, fixed: String) throws {
        let viper = ViperProcess()
        let data = viper.dataFolder
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        try "{ \"providers\": { \"\(contract)\": \"nobody\" } }".write(toFile: data + "/config.json", atomically: true, encoding: .utf8)
        let refused = try viper.run(["doctor"])
        #expect(refused.status == 1, "\(refused.stdout)")
        #expect(refused.stdout.contains("config.json: chooses 'nobody' to provide \(contract), but ") && refused.stdout.contains(hint), "\(refused.stdout)")
        try fixed.write(toFile: data + "/config.json", atomically: true, encoding: .utf8)
        let followed = try viper.run(["doctor"])
        #expect(followed.status == 0, "\(followed.stdout)")
        #expect(!followed.stdout.contains("chooses"), "\(followed.stdout)")
    }

    @Test func aModuleFlagWithoutModuleIsFixedByAddingModuleAsTheHintSays() throws {
        let folder = try TemporaryFolder.make("hint-module")
        let viper = ViperProcess()
        #expect(try viper.run(["new", "Tally", "--dir", folder]).status == 0)
        let wrong = try viper.run(["new", "Details", "--in", folder + "/Tally"])
        #expect(wrong.stderr == "viper: --in PATH belongs to 'viper new module NAME --in PATH'; drop it or add 'module'\n")
        let followed = try viper.run(["new", "module", "Details", "--in", folder + "/Tally"])
        #expect(followed.status == 0, "\(followed.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/Tally/Sources/TallyPlugin/Details/DetailsBuilder.swift"))
    }

    @Test func aMissingMarkerLinePutBackAsTheHintSaysLetsTheModuleBeAdded() throws {
        let folder = try TemporaryFolder.make("hint-marker")
        let viper = ViperProcess()
        #expect(try viper.run(["new", "Tally", "--dir", folder]).status == 0)
        let file = folder + "/Tally/Sources/TallyPlugin/TallyPlugin.swift"
        let marker = "        // viper new module: registrations go above this line (keep it)\n"
        let original = try String(contentsOfFile: file, encoding: .utf8)
        try original.replacingOccurrences(of: marker, with: "").write(toFile: file, atomically: true, encoding: .utf8)
        let refused = try viper.run(["new", "module", "Details", "--in", folder + "/Tally"])
        #expect(refused.stderr.contains("put it back after the last registration"), "\(refused.stderr)")
        // Put back after the last registration (the TallyBuilder line), as the hint says.
        try original.write(toFile: file, atomically: true, encoding: .utf8)
        let followed = try viper.run(["new", "module", "Details", "--in", folder + "/Tally"])
        #expect(followed.status == 0, "\(followed.stderr)")
    }

    @Test func aContractLibraryThatIsNotFoundIsFoundWithTheLibraryPathTheHintNames() throws {
        let folder = try TemporaryFolder.make("hint-library-path")
        let viper = ViperProcess()
        #expect(try viper.run(["new", "ContactsKit", "--contract-library", "--dir", folder + "/libraries"]).status == 0)
        let wrong = try viper.run(["new", "Caller", "--routes-to", "ContactsKit.ContactsKitScreen", "--dir", folder])
        #expect(wrong.status == 64)
        #expect(wrong.stderr.contains("give the library's package folder with --library-path DIR"), "\(wrong.stderr)")
        let followed = try viper.run(["new", "Caller", "--routes-to", "ContactsKit.ContactsKitScreen", "--library-path", folder + "/libraries/ContactsKit",
                                      "--dir", folder])
        #expect(followed.status == 0, "\(followed.stderr)")
    }

    @Test func aContractLibraryWithoutProtocolsGetsTheOneTheHintSaysToAdd() throws {
        let folder = try TemporaryFolder.make("hint-no-protocol")
        let viper = ViperProcess()
        #expect(try viper.run(["new", "ContactsKit", "--contract-library", "--dir", folder]).status == 0)
        let source = folder + "/ContactsKit/Sources/ContactsKit/ContactsKit.swift"
        try "import Contracts\n".write(toFile: source, atomically: true, encoding: .utf8)
        let refused = try viper.run(["new", "Picker", "--contract", "ContactsKit.ContactsKitScreen", "--dir", folder])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("it declares no public protocol; add it to Sources/ContactsKit, or name another library"), "\(refused.stderr)")
        // Added to Sources/ContactsKit, as the hint says.
        try "import Contracts\n\npublic protocol ContactsKitScreen: AnyObject {\n    var subject: String { get set }\n}\n"
            .write(toFile: source, atomically: true, encoding: .utf8)
        let followed = try viper.run(["new", "Picker", "--contract", "ContactsKit.ContactsKitScreen", "--dir", folder])
        #expect(followed.status == 0, "\(followed.stderr)")
        #expect(followed.stdout.contains("It implements ContactsKit.ContactsKitScreen"), "\(followed.stdout)")
    }

    @Test func aContractLibraryWithoutAVersionGetsTheEnumTheHintDescribes() throws {
        let folder = try TemporaryFolder.make("hint-no-version")
        let viper = ViperProcess()
        #expect(try viper.run(["new", "ContactsKit", "--contract-library", "--dir", folder]).status == 0)
        let version = folder + "/ContactsKit/Sources/ContactsKit/ContactsKitLibrary.swift"
        try FileManager.default.removeItem(atPath: version)
        let refused = try viper.run(["new", "Picker", "--contract", "ContactsKit.ContactsKitScreen", "--dir", folder])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("declares no version (an enum with 'static var compiled: ContractLibraryVersion', as 'viper new --contract-library' "
            + "writes in Sources/ContactsKit/ContactsKitLibrary.swift); add it, then run this again"), "\(refused.stderr)")
        // The enum the hint describes, in the file it names.
        try """
            import Contracts

            public enum ContactsKitLibrary {
                public static var compiled: ContractLibraryVersion { ContractLibraryVersion(name: "ContactsKit", major: 1, minor: 0, interface: "") }
            }

            """.write(toFile: version, atomically: true, encoding: .utf8)
        let followed = try viper.run(["new", "Picker", "--contract", "ContactsKit.ContactsKitScreen", "--dir", folder])
        #expect(followed.status == 0, "\(followed.stderr)")
        let plugin = try String(contentsOfFile: folder + "/Picker/Sources/PickerPlugin/PickerPlugin.swift", encoding: .utf8)
        #expect(plugin.contains("static let contractLibraries = [ContactsKitLibrary.compiled]"), "\(plugin)")
    }
}

/// `viper install` and `uninstall` refusals followed as they say, into temporary prefixes: the
/// refused command then works.
@Suite(.tags(.slow)) struct InstallHintFollowingTests {
    @Test func aFileBesideAnInstallMovedAwayAsTheHintSaysLetsInstallReplaceIt() throws {
        let prefix = try TemporaryFolder.make("hint-install-foreign")
        let viper = ViperProcess()
        #expect(try viper.run(["install", "--prefix", prefix]).status == 0)
        try TemporaryFolder.write(Array("mine\n".utf8), to: "notes.txt", in: prefix + "/lib/viper")
        let refused = try viper.run(["install", "--prefix", prefix])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("move it away, then install again"), "\(refused.stderr)")
        try FileManager.default.moveItem(atPath: prefix + "/lib/viper/notes.txt", toPath: prefix + "/notes.txt")
        let followed = try viper.run(["install", "--prefix", prefix])
        #expect(followed.status == 0, "\(followed.stderr)")
        #expect(FileManager.default.fileExists(atPath: prefix + "/lib/viper/viper"))
    }

    /// Something else at PREFIX/bin/viper: a link elsewhere ("remove it") or a file ("move it away").
    @Test(arguments: [true, false])
    func somethingElseAtTheCommandsPathRemovedAsTheHintSaysLetsInstallLinkIt(link: Bool) throws {
        let prefix = try TemporaryFolder.make("hint-install-link")
        let bin = prefix + "/bin/viper"
        try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        if link {
            try FileManager.default.createSymbolicLink(atPath: bin, withDestinationPath: "/opt/other/viper")
        } else {
            try TemporaryFolder.write(Array("#!/bin/sh\n".utf8), to: "viper", in: prefix + "/bin")
        }
        let viper = ViperProcess()
        let refused = try viper.run(["install", "--prefix", prefix])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains(link ? "remove it or choose another --prefix" : "move it away or choose another --prefix"), "\(refused.stderr)")
        if link {
            try FileManager.default.removeItem(atPath: bin)
        } else {
            try FileManager.default.moveItem(atPath: bin, toPath: prefix + "/viper.mine")
        }
        let followed = try viper.run(["install", "--prefix", prefix])
        #expect(followed.status == 0, "\(followed.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: bin) == "../lib/viper/viper")
    }

    @Test func uninstallWithTheWrongPrefixWorksWithThePrefixTheHintAsksFor() throws {
        let prefix = try TemporaryFolder.make("hint-uninstall-prefix")
        let other = try TemporaryFolder.make("hint-uninstall-other")
        let viper = ViperProcess()
        #expect(try viper.run(["install", "--prefix", prefix]).status == 0)
        let refused = try viper.run(["uninstall", "--prefix", other])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("give the prefix you installed with, --prefix PREFIX"), "\(refused.stderr)")
        let followed = try viper.run(["uninstall", "--prefix", prefix])
        #expect(followed.status == 0, "\(followed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: prefix + "/lib/viper"))
    }

    @Test func anInstallFolderMovedToAnotherPrefixIsMovedAwayAsTheHintSays() throws {
        let first = try TemporaryFolder.make("hint-install-first")
        let second = try TemporaryFolder.make("hint-install-second")
        let viper = ViperProcess()
        #expect(try viper.run(["install", "--prefix", first]).status == 0)
        try FileManager.default.createDirectory(atPath: second + "/lib", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: first + "/lib/viper", toPath: second + "/lib/viper")
        let refused = try viper.run(["install", "--prefix", second])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("move \(second)/lib/viper away yourself, or give the prefix it was made for"), "\(refused.stderr)")
        try FileManager.default.moveItem(atPath: second + "/lib/viper", toPath: second + "/viper.moved")
        let followed = try viper.run(["install", "--prefix", second])
        #expect(followed.status == 0, "\(followed.stderr)")
    }
}

/// `viper new`'s "Next:" lines, run one by one in a shell exactly as printed, end with the
/// module open in viper.
@Suite(.tags(.slow)) struct NewNextStepsTests {
    @Test func theNextStepsNewPrintsRunAsPrintedOpenTheModule() throws {
        let folder = try TemporaryFolder.make("hint-next-steps")
        let viper = ViperProcess()
        let made = try viper.run(["new", "Stamp", "--dir", folder])
        #expect(made.status == 0, "\(made.stderr)")
        let lines = made.stdout.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "Next:"), "\(made.stdout)")
        let steps = lines[(start + 1)...].prefix { $0.hasPrefix("  ") }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(steps.count == 5, "\(steps)")
        let script = steps.joined(separator: " && ")
        let run = try Subprocess.tool(["sh", "-c", script], in: folder, environment: viper.environment)
        #expect(run.status == 0, "\(script)\n\(run.output)")
        #expect(run.output.contains("Home › Stamp"), "\(run.output)")
        #expect(run.output.contains("stamp conforms"), "\(run.output)")
    }
}

/// Hints about plugin files, followed on the contract-library fixtures (built with swiftc).
@Suite(.tags(.slow)) struct PluginFileHintFollowingTests {
    @Test func aPluginInTwoFoldersIsNamedWithRemoveOneAndRemovingItEndsTheWarning() throws {
        let provider = try ContractLibraryFixtures.plugin("WelcomeProviderPlugin")
        let first = try ContractLibraryFixtures.pluginFolder([provider, try ContractLibraryFixtures.library(minor: 0) + "/libFixtureWelcome.so"])
        let second = try ContractLibraryFixtures.pluginFolder([provider])
        let viper = ViperProcess()
        let both = try viper.run(["--plugins", first, "--plugins", second, "-c", "where"])
        let line = try #require(both.stderr.split(separator: "\n").first { $0.contains("remove one of the two") }, "\(both.stderr)")
        // "warning: PATH: a plugin named '...' is already loaded from OTHER; remove one of the two": remove PATH.
        let named = try #require(line.dropFirst("warning: ".count).split(separator: ":").first.map(String.init), "\(line)")
        #expect(FileManager.default.fileExists(atPath: named), "\(line)")
        try FileManager.default.removeItem(atPath: named)
        let followed = try viper.run(["--plugins", first, "--plugins", second, "-c", "where"])
        #expect(!followed.stderr.contains("remove one of the two"), "\(followed.stderr)")
        #expect(followed.status == 0, "\(followed.stdout)\(followed.stderr)")
    }

    @Test func aPluginWithAVersionedNameRenamedAsDoctorSaysIsLoaded() throws {
        let provider = try ContractLibraryFixtures.plugin("WelcomeProviderPlugin")
        let folder = try ContractLibraryFixtures.pluginFolder([try ContractLibraryFixtures.library(minor: 0) + "/libFixtureWelcome.so"])
        try FileManager.default.copyItem(atPath: provider, toPath: folder + "/libWelcomeProviderPlugin.so.1")
        let viper = ViperProcess()
        let doctor = try viper.run(["--plugins", folder, "doctor"])
        let output = doctor.stdout + doctor.stderr
        let hint = "viper loads only names ending in .so; rename it to "
        let line = try #require(output.split(separator: "\n").first { $0.contains(hint) }, "\(output)")
        let target = try #require(line.components(separatedBy: hint).last).trimmingCharacters(in: .whitespaces)
        #expect(target == folder + "/libWelcomeProviderPlugin.so", "\(line)")
        try FileManager.default.moveItem(atPath: folder + "/libWelcomeProviderPlugin.so.1", toPath: target)
        let followed = try viper.run(["--plugins", folder, "doctor"])
        #expect(!(followed.stdout + followed.stderr).contains(hint), "\(followed.stdout)\(followed.stderr)")
        #expect(followed.status == 0, "\(followed.stdout)\(followed.stderr)")
        let plugins = try viper.run(["--plugins", folder, "plugins"])
        #expect(plugins.stdout.contains(target), "\(plugins.stdout)")
    }
}
