import Foundation
import Testing
import ViperCoreTestSupport
import ViperTestSupport

@Suite(.tags(.slow)) struct NewCommandTests {
    @Test func aNewCounterBuildsOutsideTheRepositoryAndPassesItsOwnTests() throws {
        let counter = try GeneratedCounter.built()
        #expect(!counter.package.hasPrefix(BuildProducts.repository))
        #expect(counter.testStatus == 0, "\(counter.testOutput)")
        #expect(counter.testOutput.contains("thePluginPassesTheConformanceKit() passed"), "\(counter.testOutput)")
        #expect(counter.testOutput.contains("finishingClosesAndReportsTheEntriesThroughTheOutput() passed"))
    }

    @Test func theEntrySymbolsAreInTheEntryTargetAndTheTestsImportTheFeatureTarget() throws {
        let counter = try GeneratedCounter.built()
        let read = { (path: String) in try String(contentsOfFile: counter.package + "/" + path, encoding: .utf8) }
        let entry = try read("Sources/CounterEntry/CounterEntry.swift")
        for symbol in ["@section(\".viper_abi\")", "@_cdecl(\"viper_plugin_abi\")", "@_cdecl(\"viper_plugin_entry\")"] {
            #expect(entry.contains(symbol), "\(symbol)")
            #expect(!(try read("Sources/CounterPlugin/CounterPlugin.swift")).contains(symbol), "\(symbol)")
        }
        let manifest = try read("Package.swift")
        #expect(manifest.contains(".library(name: \"CounterPlugin\", type: .dynamic, targets: [\"CounterEntry\"])"), "\(manifest)")
        #expect(manifest.contains("dependencies: [\"CounterPlugin\", .product(name: \"ConformanceKit\""), "\(manifest)")
        #expect(!manifest.contains("unsafeFlags"), "\(manifest)")
        #expect(try read("Tests/CounterPluginTests/CounterConformanceTests.swift").contains("@testable import CounterPlugin\n"))
    }

    @Test func aNewCounterDroppedIntoAPluginFolderIsListedAndOpensInTheShell() throws {
        let counter = try GeneratedCounter.built()
        let folder = try TemporaryFolder.make("drop-in")
        try FileManager.default.copyItem(atPath: counter.library, toPath: folder + "/libCounterPlugin.so")
        let viper = ViperProcess()

        let plugins = try viper.run(["--plugins", folder, "plugins"])
        #expect(plugins.status == 0)
        #expect(plugins.stdout.contains("counter 0.1.0"), "\(plugins.stdout)")
        #expect(plugins.stdout.contains("module CounterPlugin.CounterInput (/counter)"), "\(plugins.stdout)")

        let shell = try viper.run(["--plugins", folder, "-c", "open counter; add Buy milk"])
        #expect(shell.status == 0, "\(shell.stdout)\(shell.stderr)")
        #expect(shell.stdout.contains("Home › Counter"), "\(shell.stdout)")
        #expect(shell.stdout.contains("Nothing here yet: type 'add TEXT' to add an entry."))
        #expect(shell.stdout.contains("1. Buy milk"))
    }

    @Test func aNewCounterPassesViperCheck() throws {
        let counter = try GeneratedCounter.built()
        let result = try ViperProcess().run(["check", counter.library])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        // Its own suite runs in its `swift test`; viper check has only the bundled ones.
        #expect(result.stdout.contains("n/a   [CounterInput] contract-suite: no suite exists for CounterInput"), "\(result.stdout)")
        // Its module checks are judged by viper across the wire, with one line more: `declares`.
        #expect(result.stdout.contains("judged by viper in its own process, against the plugin running isolated"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("17 checks: 16 passed, 0 failed, 1 not applicable; counter conforms\n"), "\(result.stdout)")
    }

    @Test(arguments: [
        ("", "'viper new' needs a module name, e.g. 'viper new Counter'"),
        ("counter", "'counter' is not a valid module name: it names Swift types, so start it with a capital letter, e.g. 'viper new Counter'"),
        ("My-Thing", "'My-Thing' is not a valid module name: use letters and digits only, starting with a letter (UpperCamelCase), e.g. 'viper new Counter'"),
        ("9Lives", "'9Lives' is not a valid module name: use letters and digits only, starting with a letter (UpperCamelCase), e.g. 'viper new Counter'"),
        ("Greeter", "'Greeter' is taken: viper already bundles a plugin of that name; choose another name"),
        ("Help", "'Help' would make the route 'help', which is a shell command; choose another module name"),
    ])
    func aBadNameIsAUsageError(name: String, message: String) throws {
        let folder = try TemporaryFolder.make("badname")
        let result = try ViperProcess().run(["new", name, "--dir", folder])
        #expect(result.status == 64)
        #expect(result.stderr == "viper: \(message)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func aNameWhoseFolderExistsIsTaken() throws {
        let folder = try TemporaryFolder.make("taken")
        try FileManager.default.createDirectory(atPath: folder + "/Counter", withIntermediateDirectories: true)
        let result = try ViperProcess().run(["new", "Counter", "--dir", folder])
        #expect(result.status == 64)
        #expect(result.stderr == "viper: \(folder)/Counter already exists; choose another name or --dir, or remove it\n")
    }

    @Test func inTreeAddsThePluginFolderItsTestsAndItsPackageEntries() throws {
        let tree = try TemporaryFolder.make("tree")
        let manifest = """
            let conformanceKit = 1
            let plugins = [
                plugin("Greeter"),
            ]

            let featureTests: [Target] = [
                pluginTests("Todo"),
            ]

            """
        try FileManager.default.createDirectory(atPath: tree + "/Plugins/Greeter", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: tree + "/Contracts", withIntermediateDirectories: true)
        try "// Contracts".write(toFile: tree + "/Contracts/Package.swift", atomically: true, encoding: .utf8)
        try manifest.write(toFile: tree + "/Package.swift", atomically: true, encoding: .utf8)

        let result = try ViperProcess().run(["new", "Tally", "--in-tree", "--dir", tree])
        #expect(result.status == 0, "\(result.stderr)")
        let edited = try String(contentsOfFile: tree + "/Package.swift", encoding: .utf8)
        #expect(edited.contains("    plugin(\"Greeter\"),\n    plugin(\"Tally\"),\n]"))
        #expect(edited.contains("    pluginTests(\"Todo\"),\n    pluginTests(\"Tally\", also: [conformanceKit]),\n]"))
        for file in ["Plugins/Tally/TallyPlugin.swift", "Plugins/Tally/Tally/TallyBuilder.swift", "Plugins/Tally/Tally/TallyView.swift",
                     "Plugins/Tally/Tally/TallyPresenter.swift", "Plugins/Tally/Tally/TallyInteractor.swift",
                     "Plugins/Tally/Tally/TallyEntity.swift", "Plugins/Tally/Tally/TallyRouter.swift",
                     "Plugins/Tally/Tally/TallyContract.swift", "Plugins/Tally/Entry/TallyEntry.swift",
                     "Tests/TallyPluginTests/TallyConformanceTests.swift"] {
            #expect(FileManager.default.fileExists(atPath: tree + "/" + file), "\(file)")
        }
        let again = try ViperProcess().run(["new", "Tally", "--in-tree", "--dir", tree])
        #expect(again.status == 64)
        #expect(again.stderr.contains("a plugin named 'Tally' is already in \(tree)"))
    }
}
