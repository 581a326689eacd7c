import Foundation
import Testing
import ViperRuntime
import ViperTestSupport
@testable import ViperCore
@testable import ViperLoading

/// A link added to a watched plugin folder is a change like a file added.
@Suite struct WatchedLinkTests {
    @Test func aLinkAddedToAWatchedFolderIsReported() throws {
        let folder = try TemporaryFolder.make("watch-link")
        let elsewhere = try TemporaryFolder.make("watch-link-target")
        let target = try TemporaryFolder.write(Array("plugin".utf8), to: "libReal.so", in: elsewhere)
        let watcher = try FileWatcher.plugins(in: [PluginFolder(path: folder, origin: .flag)], quietPeriod: 0.25)
        defer { watcher.stop() }
        #expect(symlink(target, folder + "/libLinked.so") == 0)
        #expect(watcher.waitForChanges(seconds: 30) == [folder + "/libLinked.so"])
    }

    @Test func aLinkMovedIntoAWatchedFolderIsReported() throws {
        let folder = try TemporaryFolder.make("watch-link-moved")
        let elsewhere = try TemporaryFolder.make("watch-link-staging")
        let target = try TemporaryFolder.write(Array("plugin".utf8), to: "libReal.so", in: elsewhere)
        let staged = try TemporaryFolder.link(target, as: "libLinked.so", in: elsewhere)
        let watcher = try FileWatcher.plugins(in: [PluginFolder(path: folder, origin: .flag)], quietPeriod: 0.25)
        defer { watcher.stop() }
        #expect(rename(staged, folder + "/libLinked.so") == 0)
        #expect(watcher.waitForChanges(seconds: 30) == [folder + "/libLinked.so"])
    }
}
