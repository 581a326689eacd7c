import Foundation
import Testing
import ViperTestSupport
@testable import ViperLoading

/// Where contract libraries are looked for besides the plugin folders; no process is spawned
/// (`ContractLibraryCheckTests` loads real libraries found this way).
@Suite struct ContractLibraryLookupTests {
    private func folder(with files: [String] = [], folders: [String] = []) throws -> String {
        let root = try TemporaryFolder.make("lookup")
        for path in folders {
            try FileManager.default.createDirectory(atPath: root + "/" + path, withIntermediateDirectories: true)
        }
        for path in files {
            _ = FileManager.default.createFile(atPath: root + "/" + path, contents: Data("not an ELF file".utf8))
        }
        return root
    }

    @Test func aPluginFileImpliesItsFolderAndTheSwiftPMBuildFoldersThatExistInIt() throws {
        let root = try folder(with: ["libCounterPlugin.so"], folders: [".build/debug"])
        #expect(ContractLibraryLookup.folders(besidePlugin: root + "/libCounterPlugin.so") == [
            PluginFolder(path: root, origin: .flag),
            PluginFolder(path: root + "/.build/debug", origin: .flag),
        ])
    }

    @Test func aPluginFileInAFolderWithoutABuildFolderImpliesOnlyItsFolder() throws {
        let root = try folder(with: ["libCounterPlugin.so"])
        #expect(ContractLibraryLookup.folders(besidePlugin: root + "/libCounterPlugin.so") == [PluginFolder(path: root, origin: .flag)])
    }

    @Test func pluginFoldersAloneAddNothingToWhatDiscoveryFound() throws {
        let root = try folder(with: ["libCounterPlugin.so"])
        let found = [PluginFile(path: root + "/libShared.so", folder: PluginFolder(path: root, origin: .flag))]
        #expect(ContractLibraryLookup.files(libraries: found, searched: [PluginFolder(path: root, origin: .flag)]) == found)
    }

    @Test func filesBesideAPluginFileThatAreNoContractLibrariesAreLeftOut() throws {
        let root = try folder(with: ["libCounterPlugin.so", "libOther.so", "libAlsoNot.so"])
        let searched = [PluginFolder(path: root + "/libCounterPlugin.so", origin: .flag)]
        #expect(ContractLibraryLookup.files(libraries: [], searched: searched).isEmpty)
    }

    @Test func checkAddsTheUserFolderAndViperPluginPathButNotTheBundledFolder() {
        let folders = ContractLibraryLookup.checkFolders(environment: ["VIPER_PLUGIN_PATH": "/env/a", "XDG_DATA_HOME": "/xdg", "HOME": "/home/ada"])
        #expect(folders == [PluginFolder(path: "/env/a", origin: .environment), PluginFolder(path: "/xdg/viper/plugins", origin: .user)])
    }
}
