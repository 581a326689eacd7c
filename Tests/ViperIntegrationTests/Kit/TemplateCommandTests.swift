import Foundation
import Testing
import ViperCoreTestSupport
import ViperTestSupport

/// `viper new`'s catalogue of templates: `--list`, `viper new module NAME --in PATH`,
/// `viper new service NAME` and `viper new adapter NAME`. Each generated shape builds,
/// passes its own tests and `viper check` with no edits.
@Suite(.tags(.slow)) struct TemplateCommandTests {
    @Test func listShowsEveryTemplateWithItsCommand() throws {
        let result = try ViperProcess().run(["new", "--list"])
        #expect(result.status == 0)
        #expect(result.stdout == """
            Templates ('viper new --list'; NAME is UpperCamelCase, e.g. Counter):
              viper new NAME                      plugin: a plugin with one VIPER module (its roles, its contract's one promise, tests of it)
              viper new module NAME --in PATH     module: one more VIPER module, with its tests, registered in the plugin package at PATH
              viper new NAME --example            example: the same with a demo list of entries (add, remove, done) to learn from
              viper new NAME --routes-to CONTRACT routed: a module whose builder routes to CONTRACT through a typed route (also 'module ...')
              viper new service NAME              service: a plugin providing NoteStore from a file, its tests and the NoteStore conformance suite
              viper new adapter NAME              adapter: a plugin serving the contract NAME through an adapter (registerAdapter) from NAMESource
                                                  or --from CONTRACT; '--example' writes a worked one with a module using it
              viper new NAME --contract-library   contract library: protocols that plugins of different authors share, with empty suites
                                                  to fill ('--example' writes a worked check per contract; '--service NAME' and
                                                  '--screen NAME' name its protocols, written empty)
              viper new module NAME --in PATH --contract LIBRARY.PROTOCOL
                                                  library module: a module implementing a contract library's protocol (also 'viper new NAME --contract ...',
                                                  whose module is named after the protocol, or '--name MODULE')
            --uses LIBRARY.PROTOCOL (with a plugin or a module) writes a module that uses a contract library's service: the builder
            lists and receives it, the interactor holds it, the tests give it a double (Spies/FakePROTOCOL.swift).
            --dir DIR writes the package inside DIR; --in-tree writes a plugin into viper's own source tree;
            --route PATH sets a plugin's or a module's route (default: the name in lower case).

            """)
    }

    @Test func theGuideShowsEveryTemplateWithItsCommand() throws {
        let guide = try String(contentsOfFile: BuildProducts.repository + "/docs/PLUGIN_AUTHORS.md", encoding: .utf8)
        for command in ["viper new --list", "viper new Counter ", "viper new module Details --in Counter ",
                        "viper new service Journal ", "viper new adapter Greeting --from Salutation\n", "viper new adapter Welcome --example ", "viper new Shared --contract-library ",
                        "viper new Counter --example ", "viper new Caller --routes-to ", "--service ReadingLog --screen BookPicking",
                        "--uses ShelfKit.ReadingLog", "--name MODULE"] {
            #expect(guide.contains(command), "docs/PLUGIN_AUTHORS.md does not show '\(command)'")
        }
    }

    @Test(arguments: [
        (["new", "widget", "Foo"], "'widget' is not a template of 'viper new'; choose one of plugin, module, service, adapter ('viper new --list' shows them)"),
        (["new", "service"], "'viper new service' needs a name, e.g. 'viper new service Journal'"),
        (["new", "module", "Details"], "'viper new module' needs the plugin package to add to: 'viper new module Details --in PATH'"),
        (["new", "Counter", "--in", "x"], "--in PATH belongs to 'viper new module NAME --in PATH'; drop it or add 'module'"),
        (["new", "adapter", "Welcome", "--in-tree"], "--in-tree and --contract-library go with 'viper new NAME' only, not with the adapter template"),
        (["new", "--list", "Counter"], "'viper new --list' takes no name; run 'viper new --list' alone"),
        (["plugins", "--list"], "option '--list' belongs to 'viper new'"),
    ])
    func aWrongTemplateLineIsAUsageError(arguments: [String], message: String) throws {
        let folder = try TemporaryFolder.make("template-usage")
        let result = try ViperProcess().run(arguments + (arguments.first == "new" && !arguments.contains("--list") ? ["--dir", folder] : []))
        #expect(result.status == 64)
        #expect(result.stderr == "viper: \(message)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func aModuleIsAddedAboveTheMarkerAndRegisteredOnce() throws {
        let folder = try TemporaryFolder.make("add-module")
        #expect(try ViperProcess().run(["new", "Tally", "--example", "--dir", folder]).status == 0)
        let added = try ViperProcess().run(["new", "module", "Details", "--in", folder + "/Tally", "--example"])
        #expect(added.status == 0, "\(added.stderr)")
        let plugin = try String(contentsOfFile: folder + "/Tally/Sources/TallyPlugin/TallyPlugin.swift", encoding: .utf8)
        let expected = [
            "            builder: TallyBuilder())",
            "        registrar.registerModule(",
            "            DetailsInput.self,",
            "            route: RouteSpec(\"details\", summary: \"Details: a list of entries\"),",
            "            builder: DetailsBuilder())",
            "        // viper new module: registrations go above this line (keep it)",
            "    }",
        ].joined(separator: "\n")
        #expect(plugin.contains(expected), "\(plugin)")
        let tests = try String(contentsOfFile: folder + "/Tally/Tests/TallyPluginTests/DetailsConformanceTests.swift", encoding: .utf8)
        #expect(tests.contains("@testable import TallyPlugin") && tests.contains("Conformance.check(TallyPlugin.self"))

        let again = try ViperProcess().run(["new", "module", "Details", "--in", folder + "/Tally"])
        #expect(again.status == 64)
        #expect(again.stderr == "viper: \(folder)/Tally/Sources/TallyPlugin/Details already exists: the plugin has a module named 'Details'; choose another name\n")
    }

    @Test func addingAModuleOutsideAPluginPackageIsRefused() throws {
        let folder = try TemporaryFolder.make("not-a-plugin")
        let result = try ViperProcess().run(["new", "module", "Details", "--in", folder])
        #expect(result.status == 64)
        #expect(result.stderr == "viper: \(folder) is not a viper plugin package (it needs Package.swift and Sources/NAMEPlugin/NAMEPlugin.swift, as 'viper new NAME' writes); give the package's folder with --in\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func addingAModuleWithoutTheMarkerIsRefusedAndWritesNothing() throws {
        let folder = try TemporaryFolder.make("no-marker")
        #expect(try ViperProcess().run(["new", "Tally", "--dir", folder]).status == 0)
        let file = folder + "/Tally/Sources/TallyPlugin/TallyPlugin.swift"
        let original = try String(contentsOfFile: file, encoding: .utf8)
        try original.replacingOccurrences(of: "// viper new module: registrations go above this line (keep it)", with: "")
            .write(toFile: file, atomically: true, encoding: .utf8)
        let result = try ViperProcess().run(["new", "module", "Details", "--in", folder + "/Tally"])
        #expect(result.status == 64)
        #expect(result.stderr == "viper: \(file) has no line '// viper new module: registrations go above this line (keep it)' in register(in:); put it back after the last registration, or add the module by hand\n")
        #expect(!FileManager.default.fileExists(atPath: folder + "/Tally/Sources/TallyPlugin/Details"))
    }

    // MARK: Each shape builds, passes its tests and viper check

    @Test func anAddedModuleBuildsPassesItsTestsAndViperCheck() throws {
        let tally = try GeneratedShapes.built(.addedModule)
        #expect(tally.testStatus == 0, "\(tally.testOutput)")
        #expect(tally.testOutput.contains("DetailsPresenterTests"), "\(tally.testOutput)")
        let check = try ViperProcess().run(["check", tally.library])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("[DetailsInput] wired"), "\(check.stdout)")
        #expect(check.stdout.contains("[TallyInput] wired"), "\(check.stdout)")
        #expect(check.stdout.hasSuffix("tally conforms\n"), "\(check.stdout)")
    }

    @Test func aServicePluginBuildsPassesTheNoteStoreSuiteAndViperCheck() throws {
        let journal = try GeneratedShapes.built(.service)
        #expect(journal.testStatus == 0, "\(journal.testOutput)")
        #expect(journal.testOutput.contains("theStoreKeepsEveryPromiseOfNoteStore() passed"), "\(journal.testOutput)")
        let check = try ViperProcess().run(["check", journal.library])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("[NoteStore] keeps-writes-across-instances"), "\(check.stdout)")
        #expect(check.stdout.hasSuffix("journal conforms\n"), "\(check.stdout)")
    }

    @Test func anAdapterPluginBuildsPassesItsTestsAndViperCheck() throws {
        let greeting = try GeneratedShapes.built(.adapter)
        #expect(greeting.testStatus == 0, "\(greeting.testOutput)")
        #expect(greeting.testOutput.contains("theContractIsServedThroughTheAdapterFromTheSourceAProviderRegisters() passed"), "\(greeting.testOutput)")
        let check = try ViperProcess().run(["check", greeting.library])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("registers: 0 module(s), 0 service(s), 1 adapter(s)"), "\(check.stdout)")
        #expect(check.stdout.hasSuffix("greeting conforms\n"), "\(check.stdout)")
        let plugins = try ViperProcess().run(["--plugins", greeting.library, "plugins", "--json"])
        let record = try #require(try PluginsReport.decode(plugins.stdout).plugin(named: "greeting"), "\(plugins.stdout)")
        #expect(record.provides.contains { $0.kind == "adapter" && $0.contract == "GreetingPlugin.Greeting" && $0.adaptedFrom == "GreetingPlugin.Salutation" },
                "\(plugins.stdout)")
    }

    @Test func theAdapterExampleBuildsPassesItsTestsAndViperCheckAndGreets() throws {
        let welcome = try GeneratedShapes.built(.adapterExample)
        #expect(welcome.testStatus == 0, "\(welcome.testOutput)")
        #expect(welcome.testOutput.contains("theRequiredContractIsServedThroughTheAdapter() passed"), "\(welcome.testOutput)")
        let check = try ViperProcess().run(["check", welcome.library])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.hasSuffix("welcome conforms\n"), "\(check.stdout)")
        let shell = try ViperProcess().run(["--plugins", welcome.library, "-c", "open welcome"])
        #expect(shell.stdout.contains("Hi there!"), "\(shell.stdout)\(shell.stderr)")
    }
}
