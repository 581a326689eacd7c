import Contracts
import Foundation
import Testing
import ViperCoreTestSupport
@testable import ViperLoading

/// The scanner's pipe and the descriptor cache use RecordCodec lines: every result
/// survives a round trip, whatever its text holds, and damaged lines are refused.
@Suite struct RecordCodecTests {
    private func stamp(_ path: String) -> FileStamp {
        FileStamp(path: path, size: 4096, modifiedNanoseconds: 1_700_000_000_123_456_789, inode: 42, device: 65024,
                  changedNanoseconds: 1_700_000_001_000_000_000)
    }

    private func descriptor() -> PluginDescriptor {
        var descriptor = PluginDescriptor(
            manifest: PluginManifest(name: "notes", version: "1.2.0", summary: "Notes\twith a tab, a \\ backslash\nand a newline"),
            contractsVersion: ContractsVersion(major: 1, minor: 1),
            provides: [
                Provision(kind: .module, contract: ContractID("Contracts.NoteListing"), route: RouteSpec("notes", summary: "Your notes"),
                          requires: [.service(Logger.self), Requirement(kind: .module, contract: ContractID("Contracts.Login"), name: "main")]),
                Provision(kind: .module, contract: ContractID("Contracts.NoteEditing"), name: "plain",
                          route: RouteSpec("notes/:id", summary: "", query: ["mode", "from"])),
                Provision(kind: .adapter, contract: ContractID("Contracts.TextEditing"), adaptedFrom: ContractID("Contracts.NoteEditing")),
                Provision(kind: .service, contract: ContractID("Contracts.NoteStore"), name: "\\N"),
            ])
        descriptor.swiftCompiler = SwiftCompilerVersion(major: 6, minor: 3)
        return descriptor
    }

    @Test func everyKindOfResultSurvivesARoundTrip() throws {
        let results = [
            ScanResult(stamp: stamp("/plugins/libnotes.so"), outcome: .ok(descriptor()), sha256: String(repeating: "ab", count: 32)),
            ScanResult(stamp: stamp("/plugins/with\ttab.so"), outcome: .failed("not a plugin: no symbols;\nremove it"), code: .missingSymbol),
            ScanResult(stamp: .missing("/plugins/gone.so"), outcome: .broken("crashed the scanner with SIGSEGV")),
        ]
        for result in results {
            let line = RecordCodec.encode(result)
            #expect(!line.contains("\n"), "one result is one line")
            #expect(try RecordCodec.decode(line[...]) == result)
        }
    }

    @Test func resultsReadFromOneLineAreEqualAndAChangeIsSeen() throws {
        let result = ScanResult(stamp: stamp("/plugins/libnotes.so"), outcome: .ok(descriptor()), sha256: String(repeating: "ab", count: 32))
        let line = RecordCodec.encode(result)
        let first = try RecordCodec.decode(line[...]), second = try RecordCodec.decode(line[...])
        #expect(first == second && second == result && result == first)
        #expect(first.hashValue == result.hashValue)
        var rehashed = second
        rehashed.sha256 = String(repeating: "cd", count: 32)
        #expect(rehashed != first, "a changed digest is not the line's result any more")
        var refused = second
        refused.code = .notPinned
        #expect(refused != first)
        var other = descriptor()
        other.manifest = PluginManifest(name: "other", version: "1.2.0", summary: "")
        let renamed = try RecordCodec.decode(RecordCodec.encode(ScanResult(stamp: result.stamp, outcome: .ok(other), sha256: result.sha256))[...])
        #expect(renamed != first, "another line is compared field by field")
    }

    @Test func damagedLinesAreRefusedNotGuessed() {
        let good = RecordCodec.encode(ScanResult(stamp: stamp("/p/libx.so"), outcome: .ok(descriptor())))
        var fields = good.split(separator: "\t", omittingEmptySubsequences: false)
        let truncated = fields.dropLast().joined(separator: "\t")
        let extra = good + "\tmore"
        fields[2] = "many"
        let notANumber = fields.joined(separator: "\t")
        for line in [truncated, extra, notANumber, "", "R", "B\t/p/libx.so", good.replacingOccurrences(of: "\\t", with: "\\q")] {
            #expect(throws: (any Error).self, "\(line.prefix(60))") { try RecordCodec.decode(line[...]) }
        }
    }

    @Test func aCacheIsAnIndexOfOneRecordPerFileReadBackToTheSameEntries() throws {
        var cache = DescriptorCache(host: "contracts 1.1; viper 1/2")
        let result = ScanResult(stamp: stamp("/plugins/libnotes.so"), outcome: .ok(descriptor()))
        cache.entries[result.stamp.path] = result
        let bytes = cache.serializedBytes()
        #expect(Array(bytes.prefix(8)) == DescriptorIndex.magic)
        let parsed = try #require(DescriptorCache.parse(Data(bytes)))
        #expect(parsed.host == cache.host)
        #expect(parsed.entries == cache.entries)
        #expect(parsed.serializedBytes() == bytes, "an unchanged cache is written back as it was read")
        #expect(DescriptorCache.parse(Data(bytes + [0x0A])) == nil, "one byte more rebuilds the whole cache")
        #expect(DescriptorCache.parse(Data([0xFF, 0xFE, 0x00])) == nil)
    }
}
