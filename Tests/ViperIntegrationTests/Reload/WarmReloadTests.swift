import Foundation
import Testing
@testable import ViperCore
@testable import ViperRuntime
import ViperTestSupport

/// Live reloading after a warm start, whose stamps are read from the descriptor cache's index
/// (``ReloadStamps``) rather than kept per file: an unchanged file is not scanned again, and a
/// file written in place (same path, same inode) is seen and reloaded.
@Suite struct WarmReloadTests {
    @Test func afterAWarmStartAFileWrittenInPlaceIsReloadedAndAnUnchangedOneIsNot() throws {
        let folder = try TemporaryFolder.make("live")
        let path = try LiveFixture.install(try LiveFixture.build(text: "version one"), in: folder)
        let (_, folders) = try LiveFixture.runtime(folder: folder)  // cold: scans, writes the cache
        let (runtime, _) = try LiveFixture.runtime(folder: folder, folders: folders)  // warm: the cache answers
        #expect(runtime.record(at: path)?.status == .ready)
        #expect(runtime.reloadAll().isEmpty, "an unchanged file is not scanned again")

        try LiveFixture.overwrite(path, with: try LiveFixture.build(text: "version two"))
        #expect(runtime.reloadAll().notices == ["reloaded live (version 2; no older image mapped)"])
        let stack = NavigationStack(registry: runtime.registry)
        try stack.open(path: "live")
        #expect(LiveFixture.drawn(stack) == ["text: version two drawn; service says version two"])
        #expect(runtime.reloadAll().isEmpty, "the new version's stamp is kept")
    }
}
