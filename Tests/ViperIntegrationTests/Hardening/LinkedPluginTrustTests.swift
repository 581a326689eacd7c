import Foundation
import Testing
import ViperHostTestSupport
import ViperTestSupport
@testable import ViperRuntime
@testable import ViperCore
@testable import ViperLoading

/// A plugin reached through a link is trusted as the file it leads to: its real
/// folder and every folder above it, as for a plain file in its plugin folder. A root-owned folder
/// everyone may write with the sticky bit (`/tmp`) is no way in, since others cannot rename what
/// is yours in it.
@Suite struct LinkedPluginTrustTests {
    @Test func aLinkToAFileBelowAFolderEveryoneCanWriteIsRefusedNamingThatFolder() throws {
        let (link, open, plugins) = try Self.layout(openMode: 0o777)
        let problem = try #require(PluginTrust.folderProblem(path: link, root: plugins))
        #expect(problem == "refused: its folder \(open) can be written by its group and everyone (mode 777), "
            + "so another account could replace the code viper runs; run 'chmod go-w \(open)'")
    }

    @Test func aLinkToAFileBelowFoldersOfYourOwnIsTrusted() throws {
        let (link, _, plugins) = try Self.layout(openMode: 0o755)
        #expect(PluginTrust.folderProblem(path: link, root: plugins) == nil)
    }

    @Test func aStickyFolderOfRootsAboveTheTargetIsNoWayIn() throws {
        let (link, _, plugins) = try Self.layout(openMode: 0o1777)
        #expect(PluginTrust.folderProblem(path: link, root: plugins) == nil)
    }

    @Test func aLinkedPluginBelowAFolderEveryoneCanWriteIsNotLoaded() throws {
        let (link, open, plugins) = try Self.layout(openMode: 0o777)
        let folders = try TestRuntime.makeFolders()
        let runtime = try TestRuntime.start(TestRuntime.options(folders, plugins: [plugins]))
        #expect(runtime.record(at: link)?.status == .disabled)
        #expect(runtime.problemLines.contains { $0.contains("its folder \(open) can be written by") }, "\(runtime.problemLines)")
    }

    /// `base/open/lib/libGood.so` (with `open` at `openMode`) and a plugin folder holding a link to it.
    private static func layout(openMode: mode_t) throws -> (link: String, open: String, plugins: String) {
        let base = try TemporaryFolder.make("linked-trust")
        let open = base + "/open"
        try FileManager.default.createDirectory(atPath: open + "/lib", withIntermediateDirectories: true)
        #expect(chmod(open, openMode) == 0)
        try FileManager.default.copyItem(atPath: try Fixtures.good(), toPath: open + "/lib/libGood.so")
        let plugins = base + "/plugins"
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        let link = try TemporaryFolder.link(open + "/lib/libGood.so", as: "libGood.so", in: plugins)
        return (link, open, plugins)
    }
}
