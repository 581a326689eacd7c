import Contracts
import Testing
@testable import ViperLoading

/// Reading the scanner's output costs time linear in its length: each byte is
/// looked at once, however many reads a record arrives in. Counted, not timed.
@Suite struct LineBufferTests {
    /// A scan result whose descriptor has `count` provisions with long names: one long line.
    private func longResult(provisions count: Int) -> ScanResult {
        let provides = (0..<count).map { index in
            Provision(kind: .module, contract: ContractID("Fixture.Page"), name: "page-\(index)-" + String(repeating: "x", count: 100),
                      route: RouteSpec("pages/\(index)", summary: "Page\t\(index)"))
        }
        let descriptor = PluginDescriptor(manifest: PluginManifest(name: "pages", version: "1.0.0", summary: "many pages"),
                                          contractsVersion: ContractsVersion(major: 1, minor: 0), provides: provides)
        return ScanResult(stamp: .missing("/plugins/libpages.so"), outcome: .ok(descriptor))
    }

    @Test func aLongRecordInManyReadsIsSearchedOnceAndReadsBackEqual() throws {
        let result = longResult(provisions: 9000)
        let line = Array((RecordCodec.encode(result) + "\n").utf8)
        #expect(line.count > 1_000_000)
        var buffer = LineBuffer()
        var lines: [ArraySlice<UInt8>] = []
        var offset = 0
        while offset < line.count {
            let end = min(offset + 4096, line.count)
            buffer.append(line[offset..<end])
            while let next = buffer.nextLine() { lines.append(next) }
            offset = end
        }
        // Searching the unfinished line again after every read looked at ~130 MB here.
        #expect(buffer.bytesExamined == line.count)
        #expect(lines.count == 1)
        #expect(try RecordCodec.decode(bytes: try #require(lines.first)) == result)
        #expect(buffer.pendingCount == 0)
    }

    @Test func manyShortLinesComeOutInOrderAndEachByteIsLookedAtOnce() {
        var buffer = LineBuffer()
        let text = (0..<1000).map { "line \($0)" }.joined(separator: "\n") + "\nunfinished"
        let bytes = Array(text.utf8)
        var lines: [String] = []
        for start in stride(from: 0, to: bytes.count, by: 7) {
            buffer.append(bytes[start..<min(start + 7, bytes.count)])
            while let line = buffer.nextLine() { lines.append(String(decoding: line, as: UTF8.self)) }
        }
        #expect(lines == (0..<1000).map { "line \($0)" })
        #expect(buffer.pendingCount == "unfinished".utf8.count)
        #expect(buffer.bytesExamined == bytes.count)
    }
}
