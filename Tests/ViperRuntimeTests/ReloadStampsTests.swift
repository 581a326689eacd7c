import Foundation
import Testing
@testable import ViperLoading
@testable import ViperRuntime
import ViperTestSupport

/// The stamps live reloading compares with: read from the index start-up's results came from
/// until a reload sets or forgets one, as a dictionary would answer.
@Suite struct ReloadStampsTests {
    private func stamp(_ path: String, size: Int64) -> FileStamp {
        FileStamp(path: path, size: size, modifiedNanoseconds: 7, inode: 11, device: 13, changedNanoseconds: 17)
    }

    /// A cache of `stamps`, as start-up leaves it: an index read back from the bytes it wrote.
    private func indexedCache(_ stamps: [FileStamp]) throws -> DescriptorCache {
        var cache = DescriptorCache(host: "host")
        cache.entries = Dictionary(uniqueKeysWithValues: stamps.map { ($0.path, ScanResult(stamp: $0, outcome: .failed("refused"))) })
        try cache.saveIndexed(folder: try TemporaryFolder.make("stamps"))
        return cache
    }

    @Test func aStampIsTheIndexsUntilSetOrForgotten() throws {
        let a = stamp("/plugins/liba.so", size: 1), b = stamp("/plugins/libb.so", size: 2)
        let cache = try indexedCache([a, b])
        #expect(cache.indexDigest != nil, "read back as an index")
        var stamps = ReloadStamps(base: cache)
        #expect(stamps[a.path] == a)
        #expect(stamps[b.path] == b)
        #expect(stamps["/plugins/libc.so"] == nil)

        stamps[a.path] = nil
        #expect(stamps[a.path] == nil, "forgotten, though the index has it")
        let newer = stamp(b.path, size: 3)
        stamps[b.path] = newer
        #expect(stamps[b.path] == newer)
        let c = stamp("/plugins/libc.so", size: 4)
        stamps[c.path] = c
        #expect(stamps[c.path] == c)
    }

    @Test func withoutAnIndexItIsADictionary() {
        var stamps = ReloadStamps()
        let a = stamp("/plugins/liba.so", size: 1)
        #expect(stamps[a.path] == nil)
        stamps[a.path] = a
        #expect(stamps[a.path] == a)
    }
}
