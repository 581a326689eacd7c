import Foundation
import Testing
import ViperCoreTestSupport
import ViperTestSupport

/// Every kind of plugin `viper new` writes with every kind of module `viper new module` adds to
/// it (default, `--blank`, `--contract LIBRARY.PROTOCOL`), built with `swift build` and tested
/// with `swift test` exactly as generated: the docs promise that every template builds as
/// written.
@Suite(.tags(.slow)) struct TemplateCombinationTests {
    @Test func aLibraryModuleAddedToADefaultPluginIsListedAfterTheWholeManifest() throws {
        let folder = try TemporaryFolder.make("module-contract-default")
        let viper = ViperProcess()
        #expect(try viper.run(["new", "ContactsKit", "--contract-library", "--dir", folder]).status == 0)
        // The demo's manifest spans two lines (the blank one's is one).
        #expect(try viper.run(["new", "Tally", "--example", "--dir", folder]).status == 0)
        let added = try viper.run(["new", "module", "Picker", "--in", folder + "/Tally", "--contract", "ContactsKit.ContactsKitScreen"])
        #expect(added.status == 0, "\(added.stderr)")
        let plugin = try String(contentsOfFile: folder + "/Tally/Sources/TallyPlugin/TallyPlugin.swift", encoding: .utf8)
        let lines = plugin.components(separatedBy: "\n")
        let manifest = try #require(lines.firstIndex { $0.contains("static let manifest = PluginManifest(") })
        let listed = try #require(lines.firstIndex { $0.contains("static let contractLibraries = [ContactsKitLibrary.compiled]") }, "\(plugin)")
        #expect(listed == manifest + 2, "the manifest declaration spans two lines; the list goes after both:\n\(plugin)")
        #expect(lines[manifest + 1].hasSuffix(")"), "\(plugin)")
    }

    @Test func aDefaultPluginWithALibraryModuleAndABlankModuleBuildsPassesItsTestsAndViperCheck() throws {
        let tally = try GeneratedShapes.built(.defaultWithLibraryAndBlankModules)
        #expect(tally.testStatus == 0, "\(tally.testOutput)")
        for suite in ["TallyPresenterTests", "PickerPresenterTests", "NotesPresenterTests"] {
            #expect(tally.testOutput.contains(suite), "\(tally.testOutput)")
        }
        let check = try ViperProcess().run(["check", tally.library])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        for wired in ["[TallyInput] wired", "[ContactsKitScreen] wired", "[NotesInput] wired"] {
            #expect(check.stdout.contains(wired), "\(check.stdout)")
        }
    }

    @Test func aLibraryPluginWithADefaultModuleAndABlankModuleBuildsPassesItsTestsAndViperCheck() throws {
        let chooser = try GeneratedShapes.built(.libraryPluginWithDefaultAndBlankModules)
        #expect(chooser.testStatus == 0, "\(chooser.testOutput)")
        for suite in ["ContactsKitScreenPresenterTests", "DetailsPresenterTests", "NotesPresenterTests"] {
            #expect(chooser.testOutput.contains(suite), "\(chooser.testOutput)")
        }
        let check = try ViperProcess().run(["check", chooser.library])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        for wired in ["[ContactsKitScreen] wired", "[DetailsInput] wired", "[NotesInput] wired"] {
            #expect(check.stdout.contains(wired), "\(check.stdout)")
        }
    }
}

@Suite(.tags(.slow)) struct ServiceAndAdapterCombinationTests {
    @Test func aServicePluginWithALibraryModuleAndABlankModuleBuildsPassesItsTestsAndViperCheck() throws {
        let diary = try GeneratedShapes.built(.serviceWithLibraryAndBlankModules)
        #expect(diary.testStatus == 0, "\(diary.testOutput)")
        for test in ["theStoreKeepsEveryPromiseOfNoteStore() passed", "PickerPresenterTests", "EntriesPresenterTests"] {
            #expect(diary.testOutput.contains(test), "\(diary.testOutput)")
        }
        let check = try ViperProcess().run(["check", diary.library])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        for wired in ["[NoteStore] keeps-writes-across-instances", "[ContactsKitScreen] wired", "[EntriesInput] wired"] {
            #expect(check.stdout.contains(wired), "\(check.stdout)")
        }
    }

    @Test func anAdapterPluginWithADefaultModuleBuildsPassesItsTestsAndViperCheck() throws {
        let salute = try GeneratedShapes.built(.adapterWithDefaultModule)
        #expect(salute.testStatus == 0, "\(salute.testOutput)")
        #expect(salute.testOutput.contains("DetailsPresenterTests"), "\(salute.testOutput)")
        let check = try ViperProcess().run(["check", salute.library])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("registers: 1 module(s), 0 service(s), 1 adapter(s)") && check.stdout.contains("[DetailsInput] wired"), "\(check.stdout)")
    }
}

/// `viper check` judges a plugin against the contract library viper will load: the copy installed
/// in the user folder when there is one, not the copy `swift build` left beside the plugin, and
/// says which copy it used.
@Suite(.tags(.slow)) struct CheckLibraryCopyTests {
    /// The library's file with its `viper_contract_library` record saying `major`.
    private func library(_ source: String, sayingMajor major: UInt8) throws -> Data {
        var data = try Data(contentsOf: URL(fileURLWithPath: source))
        let record = Data([0x42, 0x4C, 0x43, 0x56, 0x00, 0x00, 0x01, 0x00])
        let found = try #require(data.range(of: record), "the 1.0 record is in \(source)")
        data[found.lowerBound + 6] = major
        return data
    }

    @Test func theInstalledCopyOfTheLibraryIsTheOneAPluginIsJudgedAgainstAndIsNamed() throws {
        let chooser = try GeneratedShapes.built(.libraryPluginWithDefaultAndBlankModules)
        let besideCopy = chooser.package + "/.build/debug/libContactsKit.so"
        let viper = ViperProcess()
        let beside = try viper.run(["check", chooser.library])
        #expect(beside.status == 0, "\(beside.stdout)\(beside.stderr)")
        #expect(beside.stdout.contains("[plugin] library-copy: ContactsKit 1.0 from \(besideCopy) (beside the plugin: no copy is installed in the user folder or VIPER_PLUGIN_PATH)"),
                "\(beside.stdout)")

        let user = try #require(viper.environment["XDG_DATA_HOME"]) + "/viper/plugins"
        try FileManager.default.createDirectory(atPath: user, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: besideCopy, toPath: user + "/libContactsKit.so")
        let installed = try viper.run(["check", chooser.library])
        #expect(installed.status == 0, "\(installed.stdout)\(installed.stderr)")
        #expect(installed.stdout.contains("[plugin] library-copy: ContactsKit 1.0 from \(user)/libContactsKit.so (installed: the copy viper loads)"),
                "\(installed.stdout)")

        // An installed library the plugin is stale against (a new major): the check fails as the shell would.
        try library(besideCopy, sayingMajor: 2).write(to: URL(fileURLWithPath: user + "/libContactsKit.so"))
        let stale = try viper.run(["check", chooser.library])
        #expect(stale.status == 1, "judged against the installed 2.0, not the 1.0 beside it: \(stale.stdout)\(stale.stderr)")
        #expect(stale.stdout.contains("ContactsKit"), "\(stale.stdout)")
        let shell = try viper.run(["--plugins", chooser.library, "-c", "plugins"])
        #expect((shell.stdout + shell.stderr).contains("ContactsKit"), "the shell refuses it too: \(shell.stdout)\(shell.stderr)")
    }
}
