import Foundation
import Testing
import ViperCoreTestSupport
import ViperTestSupport

/// Where viper looks, said out loud: every test runs viper with a fresh `XDG_DATA_HOME`
/// (``ViperProcess``), so the user folder it names is the one that environment gives.
@Suite struct PluginPlacementTests {
    private var userFolder: (ViperProcess) -> String { { ($0.environment["XDG_DATA_HOME"] ?? "") + "/viper/plugins" } }

    @Test func pluginsStartsWithTheFoldersItSearchesInOrderMarkingTheMissingOnes() throws {
        let viper = ViperProcess()
        let flagged = try TemporaryFolder.make("placement-flag")
        let first = try viper.run(["--plugins", flagged, "plugins"])
        #expect(first.status == 0)
        #expect(first.stdout.hasPrefix("""
            Plugin folders, in search order:
              1. \(flagged) (--plugins)
              2. \(userFolder(viper)) (user folder; does not exist)
              3. \(BuildProducts.directory) (bundled, beside viper)

            """), "\(first.stdout)")

        try FileManager.default.createDirectory(atPath: userFolder(viper), withIntermediateDirectories: true)
        let second = try viper.run(["--plugins", flagged, "plugins"])
        #expect(second.stdout.contains("  2. \(userFolder(viper)) (user folder)\n"), "\(second.stdout)")
    }

    @Test func doctorNamesEachPluginJustOutsideAFolderWithWhereItShouldGo() throws {
        let viper = ViperProcess()
        let flagged = try TemporaryFolder.make("placement-near")
        let greeter = BuildProducts.plugin("Greeter")
        let manager = FileManager.default
        try manager.createDirectory(atPath: viper.dataFolder + "/plugins", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: flagged + "/build", withIntermediateDirectories: true)
        try manager.copyItem(atPath: greeter, toPath: viper.dataFolder + "/plugins/libHelloAgainPlugin.so")
        try manager.copyItem(atPath: greeter, toPath: flagged + "/build/libNestedPlugin.so")
        try manager.copyItem(atPath: greeter, toPath: flagged + "/libVersionedPlugin.so.1")
        // A library that is not a plugin (it has no entry point) is nobody's mistake.
        try manager.copyItem(atPath: BuildProducts.directory + "/libContracts.so", toPath: flagged + "/libContracts.so.1")

        let doctor = try viper.run(["--plugins", flagged, "doctor"])
        #expect(doctor.status == 1, "a plugin that never loads is a problem: \(doctor.stdout)\(doctor.stderr)")
        #expect(doctor.stdout == """
            misplaced: \(viper.dataFolder)/plugins/libHelloAgainPlugin.so is a plugin viper does not load: the data folder (\(viper.dataFolder)) \
            is not $XDG_DATA_HOME/viper, so its plugins/ is not searched; move it to \(userFolder(viper))/ or pass --plugins \(viper.dataFolder)/plugins
            misplaced: \(flagged)/libVersionedPlugin.so.1 is a plugin viper does not load: viper loads only names ending in .so; \
            rename it to \(flagged)/libVersionedPlugin.so
            misplaced: \(flagged)/build/libNestedPlugin.so is a plugin viper does not load: viper looks only at files directly in the plugin \
            folder \(flagged); move it to \(flagged)/libNestedPlugin.so
            interceptor: Contracts.NoteEditing by plugin 'account'
            3 misplaced plugin file(s) (above); 6 plugin(s) ready, every requirement has a provider

            """)

        let json = try viper.run(["--plugins", flagged, "doctor", "--json"])
        let report = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let misplaced = report?["misplaced"] as? [[String: Any]] ?? []
        #expect(misplaced.compactMap { $0["path"] as? String } == [viper.dataFolder + "/plugins/libHelloAgainPlugin.so",
                                                                   flagged + "/libVersionedPlugin.so.1", flagged + "/build/libNestedPlugin.so"])
    }

    @Test func aPluginWhereViperLooksIsNotANearMiss() throws {
        var viper = ViperProcess()
        // The data folder is $XDG_DATA_HOME/viper: its plugins/ is the user folder, which is searched.
        viper.environment.removeValue(forKey: "VIPER_DATA_DIR")
        try FileManager.default.createDirectory(atPath: userFolder(viper), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: BuildProducts.plugin("Greeter"), toPath: userFolder(viper) + "/libHelloAgainPlugin.so")
        let doctor = try viper.run(["doctor"])
        #expect(!doctor.stdout.contains("misplaced:"), "\(doctor.stdout)")
    }

    @Test func newAndSDKTellAnAuthorToCopyIntoTheFolderViperSearches() throws {
        let viper = ViperProcess()
        let parent = try TemporaryFolder.make("placement-new")
        let new = try viper.run(["new", "Placed", "--dir", parent])
        #expect(new.status == 0, "\(new.stderr)")
        let copy = "mkdir -p \(userFolder(viper)) && cp .build/debug/libPlacedPlugin.so \(userFolder(viper))/"
        #expect(new.stdout.contains(copy), "\(new.stdout)")
        let readme = try String(contentsOfFile: parent + "/Placed/README.md", encoding: .utf8)
        #expect(readme.contains("cp .build/debug/libPlacedPlugin.so \(userFolder(viper))/\n"), "\(readme)")
        #expect(!readme.contains("__plugins__"))

        let sdk = try viper.run(["sdk"])
        #expect(sdk.stdout.contains("copy the .so into the user plugin folder, \(userFolder(viper))/,"), "\(sdk.stdout)")
    }
}
