import Foundation
import Testing
import ViperCoreTestSupport
import ViperTestSupport

/// `viper new module NAME --in PATH --contract LIBRARY.PROTOCOL` ("templates an author
/// keeps"): a module that implements a contract library's protocol, in a plugin that depends on
/// the library by path, tested through that protocol; the library's own suite runs on it in
/// `viper check`. The library and the plugin are separate packages, built separately.
@Suite(.tags(.slow)) struct LibraryModuleTemplateTests {
    @Test func aModuleOfALibrarysContractBuildsPassesItsTestsAndTheLibrarysSuite() throws {
        let folder = try TemporaryFolder.make("library-module")
        let viper = ViperProcess()
        #expect(try viper.run(["new", "ContactsKit", "--contract-library", "--example", "--dir", folder]).status == 0)
        #expect(try viper.run(["new", "Contacts", "--blank", "--dir", folder]).status == 0)
        let added = try viper.run(["new", "module", "Picker", "--in", folder + "/Contacts", "--contract", "ContactsKit.ContactsKitScreen",
                                   "--route", "contacts/pick"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("It implements ContactsKit.ContactsKitScreen (\(folder)/ContactsKit)"), "\(added.stdout)")
        #expect(!added.stdout.contains("TODO"), "every requirement of the template's screen is read: \(added.stdout)")
        let plugin = try String(contentsOfFile: folder + "/Contacts/Sources/ContactsPlugin/ContactsPlugin.swift", encoding: .utf8)
        #expect(plugin.contains("import ContactsKit\n") && plugin.contains("static let contractLibraries = [ContactsKitLibrary.compiled]"))
        #expect(plugin.contains("registrar.registerModule(ContactsKitScreen.self, route: RouteSpec(\"contacts/pick\""), "\(plugin)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/Contacts/Sources/ContactsPlugin/Picker/PickerInput.swift"))

        let suites = try FixtureCompiler.run(["swift", "build"], in: folder + "/ContactsKit/Suites")
        try #require(suites.status == 0, "\(suites.output)")
        let build = try FixtureCompiler.run(["swift", "build"], in: folder + "/Contacts")
        try #require(build.status == 0, "\(build.output)")
        let test = try FixtureCompiler.run(["swift", "test"], in: folder + "/Contacts")
        #expect(test.status == 0, "\(test.output)")
        for passed in ["finishingClosesTheModule()", "thePluginKeepsTheConformanceKitAndTheContractsSuite()"] {
            #expect(test.output.contains("\(passed) passed"), "\(test.output)")
        }
        let check = try viper.run(["check", folder + "/Contacts/.build/debug/libContactsPlugin.so",
                                   "--suites", folder + "/ContactsKit/Suites/.build/debug/libContactsKitSuites.so"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("pass  [plugin] suite: ran ContactsKit's suite ("), "\(check.stdout)")
        #expect(check.stdout.contains("pass  [ContactsKitScreen] subject-is-kept: ContactsKit's suite\n"), "\(check.stdout)")
    }

    @Test func aNewPluginOfALibrarysContractHasOnlyThatModuleAndDependsOnTheLibrary() throws {
        let folder = try TemporaryFolder.make("library-plugin")
        let viper = ViperProcess()
        #expect(try viper.run(["new", "ContactsKit", "--contract-library", "--dir", folder]).status == 0)
        let made = try viper.run(["new", "Picker", "--contract", "ContactsKit.ContactsKitScreen", "--name", "Picker", "--route", "contacts/pick", "--dir", folder])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.contains("It implements ContactsKit.ContactsKitScreen (\(folder)/ContactsKit)"), "\(made.stdout)")
        let plugin = try String(contentsOfFile: folder + "/Picker/Sources/PickerPlugin/PickerPlugin.swift", encoding: .utf8)
        #expect(plugin.contains("import Contracts\nimport ContactsKit\n"), "\(plugin)")
        #expect(plugin.contains("    package static let contractLibraries = [ContactsKitLibrary.compiled]\n"), "\(plugin)")
        #expect(plugin.contains("registrar.registerModule(ContactsKitScreen.self, route: RouteSpec(\"contacts/pick\", summary: \"Picker\"),"))
        #expect(!plugin.contains("PickerInput"), "no contract of its own: \(plugin)")
        let manifest = try String(contentsOfFile: folder + "/Picker/Package.swift", encoding: .utf8)
        #expect(manifest.contains(".package(path: \"\(folder)/ContactsKit\"),"), "\(manifest)")
        #expect(manifest.contains("dependencies: [.product(name: \"ContactsKit\", package: \"ContactsKit\"), .product(name: \"Contracts\""))
        let tests = try FileManager.default.contentsOfDirectory(atPath: folder + "/Picker/Tests/PickerPluginTests").sorted()
        #expect(tests == ["PickerConformanceTests.swift", "PickerContractSuite.swift", "PickerPresenterTests.swift", "Spies"])

        // The library's suites as generated: each suite is there and empty. viper check runs the
        // suite library and says it has no check of the screen yet, not that no suite exists.
        let suites = try FixtureCompiler.run(["swift", "build"], in: folder + "/ContactsKit/Suites")
        try #require(suites.status == 0, "\(suites.output)")
        let build = try FixtureCompiler.run(["swift", "build"], in: folder + "/Picker")
        try #require(build.status == 0, "\(build.output)")
        let given = folder + "/ContactsKit/Suites/.build/debug/libContactsKitSuites.so"
        let check = try viper.run(["check", folder + "/Picker/.build/debug/libPickerPlugin.so", "--suites", given])
        #expect(
            check.stdout.contains(
                "n/a   [ContactsKitScreen] contract-suite: ContactsKit's suite library (\(given)) ran and has no check of ContactsKitScreen yet; "
                    + "only the generic checks ran (add a check to its ContractSuite(for: ContactsKitScreen.self, ...) in ContactsKit's Suites package, "
                    + "build it and copy libContactsKitSuites.so beside libContactsKit.so again)"),
            "\(check.stdout)")
        #expect(!check.stdout.contains("no suite exists for ContactsKitScreen"), "\(check.stdout)")

        // Followed: a check in that suite, the suites built again; the check runs it.
        let source = folder + "/ContactsKit/Suites/Sources/ContactsKitSuites/ContactsKitSuites.swift"
        let written = try String(contentsOfFile: source, encoding: .utf8)
        let empty = "ContractSuite(for: ContactsKitScreen.self, checks: [])"
        try #require(written.contains(empty), "\(written)")
        let check1 = "ContractSuite(for: ContactsKitScreen.self, checks: [\n    ModuleCheck(\"builds-as-a-screen\") { harness in\n"
            + "        _ = try harness.build().input(as: ContactsKitScreen.self)\n    },\n])"
        try written.replacingOccurrences(of: empty, with: check1).write(toFile: source, atomically: true, encoding: .utf8)
        let rebuilt = try FixtureCompiler.run(["swift", "build"], in: folder + "/ContactsKit/Suites")
        try #require(rebuilt.status == 0, "\(rebuilt.output)")
        let again = try viper.run(["check", folder + "/Picker/.build/debug/libPickerPlugin.so", "--suites", given])
        #expect(again.stdout.contains("pass  [ContactsKitScreen] builds-as-a-screen: ContactsKit's suite"), "\(again.stdout)")
        #expect(!again.stdout.contains("contract-suite"), "\(again.stdout)")
    }

    @Test func aSecondModuleOfTheSameLibraryContractIsRefusedAndWritesNothing() throws {
        let folder = try TemporaryFolder.make("library-module-twice")
        let viper = ViperProcess()
        #expect(try viper.run(["new", "ContactsKit", "--contract-library", "--dir", folder]).status == 0)
        #expect(try viper.run(["new", "Picker", "--contract", "ContactsKit.ContactsKitScreen", "--dir", folder]).status == 0)
        let before = try FileManager.default.subpathsOfDirectory(atPath: folder + "/Picker").sorted()
        let plugin = try String(contentsOfFile: folder + "/Picker/Sources/PickerPlugin/PickerPlugin.swift", encoding: .utf8)
        let refused = try viper.run(["new", "module", "Chooser", "--in", folder + "/Picker", "--contract", "ContactsKit.ContactsKitScreen"])
        #expect(refused.status == 64)
        #expect(refused.stderr == "viper: the plugin in \(folder)/Picker already registers a module of ContactsKit.ContactsKitScreen, and viper refuses "
            + "a plugin that registers a contract twice; put this one in a plugin of its own: 'viper new Chooser --contract ContactsKit.ContactsKitScreen'\n")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: folder + "/Picker").sorted() == before)
        #expect(try String(contentsOfFile: folder + "/Picker/Sources/PickerPlugin/PickerPlugin.swift", encoding: .utf8) == plugin)
    }

    @Test(arguments: [
        ("ContactKit.ContactsKitScreen", "no contract library 'ContactKit' (a package with Sources/ContactKit) beside the plugin (DIR/ContactKit) or among the packages its Package.swift depends on; contract libraries found there: ContactsKit; give the library's package folder with --library-path DIR, or name one that exists"),
        ("ContactsKit.Picking", "the contract library ContactsKit (DIR/ContactsKit) has no protocol 'Picking'; its protocols: ContactsKitService, ContactsKitScreen; name one of them, e.g. --contract ContactsKit.ContactsKitService"),
        ("ContactsKitScreen", "--contract takes LIBRARY.PROTOCOL, a contract library and one of its protocols, e.g. --contract ContactsKit.ContactPicking; got 'ContactsKitScreen'"),
    ])
    func aContractThatIsNotThereIsRefusedAndWritesNothing(contract: String, message: String) throws {
        let folder = try TemporaryFolder.make("library-module-refused")
        let viper = ViperProcess()
        #expect(try viper.run(["new", "ContactsKit", "--contract-library", "--dir", folder]).status == 0)
        #expect(try viper.run(["new", "Contacts", "--blank", "--dir", folder]).status == 0)
        let before = try FileManager.default.subpathsOfDirectory(atPath: folder + "/Contacts").sorted()
        let refused = try viper.run(["new", "module", "Picker", "--in", folder + "/Contacts", "--contract", contract])
        #expect(refused.status == 64)
        #expect(refused.stderr == "viper: \(message.replacingOccurrences(of: "DIR/", with: folder + "/"))\n")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: folder + "/Contacts").sorted() == before)
    }
}
