import Foundation
import Testing
@testable import ViperRuntime
import ViperTestSupport
@testable import ViperCore
@testable import ViperLoading

/// A plugin linked into a watched folder is added like a file put there. The
/// watcher reported the link, and the reload looked for its path made absolute with Foundation's
/// `standardizingPath`, which on Linux resolves links: it looked for the target's path, which no
/// plugin folder lists, and the link was never added.
@Suite struct LinkedPluginReloadTests {
    @Test func aPluginLinkedIntoTheFolderIsAddedByTheReloadTheWatcherDrives() throws {
        let folder = try TemporaryFolder.make("live-link")
        let elsewhere = try TemporaryFolder.make("live-link-target")
        let (runtime, _) = try LiveFixture.runtime(folder: folder)
        let target = try LiveFixture.install(try LiveFixture.build(text: "shelf one", name: "shelf", route: "shelf", module: "LiveShelf"),
                                             in: elsewhere, as: "libShelf.so")
        let link = try TemporaryFolder.link(target, as: "libShelf.so", in: folder)
        #expect(runtime.reload(changed: [link]).notices == ["added shelf: routes shelf"])
        #expect(runtime.record(at: link)?.name == "shelf")
        #expect(runtime.registry.routeEntries.map(\.spec.pattern) == ["shelf"])
    }
}
