import Foundation
import Testing
import ViperCoreTestSupport
import ViperTestSupport

/// `viper new --blank` and `--route PATH` ("templates an author keeps"): a module with
/// only its contract's promise and tests of that promise, at the route the author chose; the
/// builder declares its needs once (Contracts 1.6), so the registration has no `requires:`.
@Suite(.tags(.slow)) struct BlankTemplateTests {
    @Test func aBlankPluginIsRegisteredAtTheGivenRouteWithoutARequirementList() throws {
        let folder = try TemporaryFolder.make("blank-route")
        let made = try ViperProcess().run(["new", "Picker", "--blank", "--route", "contacts/pick", "--dir", folder])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.contains("open contacts/pick"), "\(made.stdout)")
        let plugin = try String(contentsOfFile: folder + "/Picker/Sources/PickerPlugin/PickerPlugin.swift", encoding: .utf8)
        #expect(plugin.contains("registrar.registerModule(PickerInput.self, route: RouteSpec(\"contacts/pick\", summary: \"Picker\"),\n"
            + "                                 builder: PickerBuilder())"), "\(plugin)")
        #expect(!plugin.contains("requires:"))
        let tests = try FileManager.default.contentsOfDirectory(atPath: folder + "/Picker/Tests/PickerPluginTests").sorted()
        #expect(tests == ["PickerConformanceTests.swift", "PickerInputSuite.swift", "PickerPresenterTests.swift", "Spies"])
        let suite = try String(contentsOfFile: folder + "/Picker/Tests/PickerPluginTests/PickerInputSuite.swift", encoding: .utf8)
        #expect(suite.contains("ContractSuite(for: PickerInput.self") && !suite.contains("entries"))
    }

    @Test func aRouteWithAParameterIsShownAsWhatToType() throws {
        let folder = try TemporaryFolder.make("blank-parameter")
        let made = try ViperProcess().run(["new", "Cook", "--blank", "--route", "recipes/:id", "--dir", folder])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.contains("-c \"open recipes/ID\""), "\(made.stdout)")
        #expect(!made.stdout.contains("open recipes/:id"), "\(made.stdout)")
    }

    @Test(arguments: [
        (["new", "Picker", "--route", "help"], "--route help: 'help' is a shell command (open, present, root, back, close, dismiss, home, where, routes, graph, plugins, doctor, profile, reload, help, quit, exit); choose another name"),
        (["new", "Picker", "--route", "Contacts/Pick"], "--route Contacts/Pick: 'Contacts/Pick' is not a valid path: 'Contacts' may use only lower-case letters a-z, digits, '-' and '_'"),
        (["new", "service", "Journal", "--blank"], "--blank goes with 'viper new NAME' or 'viper new module NAME --in PATH', not with the service template"),
        (["new", "Shared", "--contract-library", "--route", "shared"], "--route goes with 'viper new NAME' or 'viper new module NAME --in PATH', not with --contract-library"),
        (["new", "Picker", "--blank", "--in-tree"], "--blank writes a package of its own; drop --in-tree, or drop --blank for the in-tree demo module"),
    ])
    func aRouteOrBlankWhereItCannotGoIsAUsageErrorThatWritesNothing(arguments: [String], message: String) throws {
        let folder = try TemporaryFolder.make("blank-usage")
        let result = try ViperProcess().run(arguments + ["--dir", folder])
        #expect(result.status == 64)
        #expect(result.stderr == "viper: \(message)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func aBlankPluginWithAddedBlankAndDefaultModulesBuildsPassesItsTestsAndViperCheck() throws {
        let picker = try GeneratedShapes.built(.blank)
        #expect(picker.testStatus == 0, "\(picker.testOutput)")
        for test in ["finishingClosesTheModuleThenTellsTheOutput", "thePluginKeepsTheConformanceKitAndItsContractsSuite"] {
            #expect(picker.testOutput.contains("\(test)() passed"), "\(picker.testOutput)")
        }
        #expect(picker.testOutput.contains("DetailsPresenterTests"), "\(picker.testOutput)")
        let check = try ViperProcess().run(["check", picker.library])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("[PickerInput] wired") && check.stdout.contains("[DetailsInput] wired"), "\(check.stdout)")
        #expect(check.stdout.contains("[EntriesInput] wired"), "a default module added to a blank plugin: \(check.stdout)")
        let shell = try ViperProcess().run(["--plugins", picker.library, "-c", "open contacts/details"])
        #expect(shell.status == 0, "\(shell.stdout)\(shell.stderr)")
        #expect(shell.stdout.contains("Details"), "\(shell.stdout)")
    }
}
