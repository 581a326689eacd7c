import Foundation
import Testing
@testable import ViperCommandLine
import ViperLoading
import ViperTestSupport

/// Which folders beside a searched one `doctor` calls misplaced: a slip for `plugins` (`plugin/`,
/// `Plugins/` beside `plugins/`), not folders of test plugins side by side (`p1/`, `p2/`), which
/// `--plugins` names one at a time on purpose.
@Suite struct SiblingFolderTests {
    /// A folder under a new temporary parent holding, in each of `folders`, a file that names the
    /// plugin entry point (all a near miss is judged by).
    private func parent(with folders: [String]) throws -> String {
        let parent = try TemporaryFolder.make("siblings")
        for folder in folders {
            try FileManager.default.createDirectory(atPath: parent + "/" + folder, withIntermediateDirectories: true)
            try TemporaryFolder.write(Array("ELF viper_plugin_entry".utf8), to: "libTestPlugin.so", in: parent + "/" + folder)
        }
        return parent
    }

    private func misses(searching folder: String, in parent: String) -> [String] {
        PluginPlacement.misnamedFolders(folders: [PluginFolder(path: parent + "/" + folder, origin: .flag)], environment: [:])
            .map(\.path)
    }

    @Test func foldersOfTestPluginsSideBySideAreNotMisplaced() throws {
        let parent = try parent(with: ["p1", "p2", "p3", "fixture-a", "fixture-b"])
        #expect(misses(searching: "p1", in: parent) == [])
        #expect(misses(searching: "fixture-a", in: parent) == [])
    }

    @Test func aSingularBesideASearchedPluralFolderIsMisplaced() throws {
        let parent = try parent(with: ["my-plugins", "my-plugin", "my-plugins-old"])
        #expect(misses(searching: "my-plugins", in: parent) == [parent + "/my-plugin/libTestPlugin.so"])
    }

    @Test func aSlipForPluginsBesideASearchedPluginsFolderIsMisplaced() throws {
        let parent = try parent(with: ["plugins", "plugin", "Plugins", "p1"])
        #expect(misses(searching: "plugins", in: parent) == [parent + "/Plugins/libTestPlugin.so", parent + "/plugin/libTestPlugin.so"])
    }

    @Test func aSlipIsReportedWithDidYouMeanAndWhereToMoveIt() throws {
        let parent = try parent(with: ["plugins", "plugin"])
        let miss = PluginPlacement.misnamedFolders(folders: [PluginFolder(path: parent + "/plugins", origin: .flag)], environment: [:])
        #expect(
            miss.map(\.advice) == [
                "\(parent)/plugin is not searched; did you mean \(parent)/plugins (--plugins)? move it to \(parent)/plugins/libTestPlugin.so"
            ])
    }

    @Test(arguments: [("plugin", "plugins"), ("Plugins", "plugins"), ("plugins", "plugin"), ("plugns", "plugins"),
                      ("my-plugin", "my-plugins"), ("My-Plugins", "my-plugins"), ("fixtures", "fixture")])
    func aNameOneEditFromASearchedPluginsFolderIsASlip(_ pair: (String, String)) {
        #expect(PluginPlacement.isMisspelling(pair.0, of: pair.1))
    }

    @Test(arguments: [("p2", "p1"), ("fixture-b", "fixture-a"), ("plugins-b", "plugins-a"), ("plugin", "p1"), ("build2", "build1"),
                      ("my-plugns", "my-plugins"), ("p1s2", "p1s")])
    func aNameOfItsOwnBesideASearchedFolderIsNot(_ pair: (String, String)) {
        #expect(!PluginPlacement.isMisspelling(pair.0, of: pair.1))
    }
}
