import Contracts
import Foundation
import Testing
@testable import ViperLoading

/// The descriptor cache is a binary index (``DescriptorIndex``): what it is written from is what
/// it reads back, found by path and stamp without decoding a line; a damaged file is refused whole
/// (a rescan), never believed and never a crash.
@Suite struct DescriptorIndexTests {
    private func results() -> [ScanResult] {
        var descriptor = PluginDescriptor(
            manifest: PluginManifest(name: "notes", version: "1.2.0", summary: "Notes\twith a tab, a \\ backslash"),
            contractsVersion: ContractsVersion(major: 1, minor: 4),
            provides: [
                Provision(kind: .module, contract: ContractID("Contracts.NoteListing"), route: RouteSpec("notes", summary: "Your notes"),
                          requires: [.service(Logger.self), Requirement(kind: .module, contract: ContractID("Contracts.Login"), name: "main")]),
                Provision(kind: .module, contract: ContractID("Contracts.NoteEditing"), name: "plain",
                          route: RouteSpec("notes/:id", summary: "", query: ["mode", "from"])),
                Provision(kind: .adapter, contract: ContractID("Contracts.TextEditing"), adaptedFrom: ContractID("Contracts.NoteEditing")),
                Provision(kind: .interceptor, contract: ContractID("Contracts.NoteStore"), name: "\\N"),
            ])
        descriptor.swiftCompiler = SwiftCompilerVersion(major: 6, minor: 3)
        descriptor.contractLibraries = [ContractLibraryVersion(name: "Shapes", major: 2, minor: 1)]
        var plain = PluginDescriptor(manifest: PluginManifest(name: "bench-0001", version: "1.0.0", summary: "generated"),
                                     contractsVersion: .current, provides: [Provision(kind: .service, contract: ContractID("Contracts.Clock"))])
        plain.swiftCompiler = SwiftCompilerVersion(major: 6, minor: 3)
        return [
            ScanResult(stamp: stamp("/p/libnotes.so", modified: -5, changed: Int64.max), outcome: .ok(descriptor), sha256: String(repeating: "ab", count: 32)),
            ScanResult(stamp: stamp("/p/libplain.so", modified: Int64.min, changed: 7), outcome: .ok(plain)),
            ScanResult(stamp: stamp("/p/libfails.so"), outcome: .failed("not a plugin:\tno symbols"), code: .missingSymbol),
            ScanResult(stamp: .missing("/p/gone.so"), outcome: .broken("crashed")),
            ScanResult(stamp: stamp("/p/é/libaccent.so"), outcome: .failed("refused"), code: .notPinned, sha256: "12"),
        ]
    }

    private func stamp(_ path: String, modified: Int64 = 2, changed: Int64 = 5) -> FileStamp {
        FileStamp(path: path, size: 4096, modifiedNanoseconds: modified, inode: UInt64.max, device: 65024, changedNanoseconds: changed)
    }

    private func index(_ results: [ScanResult], host: String = "contracts 1.6; viper 1/2") throws -> DescriptorIndex {
        try DescriptorIndex.read(DescriptorIndex.write(host: host, results: results)).get()
    }

    @Test func eachResultIsReadBackWithItsStampCodeDigestAndDescriptor() throws {
        let written = results()
        let index = try index(written)
        #expect(index.count == written.count && index.host == "contracts 1.6; viper 1/2")
        for expected in written {
            let record = try #require(index.position(of: expected.stamp.path, near: 0), "\(expected.stamp.path)")
            let read = try #require(index.result(record))
            #expect(read == expected && read.stamp == expected.stamp && read.code == expected.code && read.sha256 == expected.sha256)
            if case .ok(let one) = read.outcome, case .ok(let other) = expected.outcome {
                #expect(one.name == other.name && one.descriptor == other.descriptor, "decoded on demand to the one written")
            } else {
                #expect(read.outcome == expected.outcome)
            }
            #expect(read.line.map { Array($0.bytes) } == Array(RecordCodec.encode(expected).utf8), "its line is the scanner's line")
        }
    }

    @Test func aRecordIsFoundByPathNearOrAnywhereAndMatchedByItsWholeStamp() throws {
        let written = results()
        let index = try index(written)
        let paths = written.map(\.stamp.path).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        for (place, path) in paths.enumerated() {
            for near in [place, 0, paths.count - 1, -1, 99] {
                #expect(index.position(of: path, near: near) == place, "\(path) near \(near)")
            }
        }
        #expect(index.position(of: "/p/libnone.so", near: 0) == nil)
        #expect(index.position(of: "/p/libnotes.s", near: 0) == nil, "a prefix of a path is not the path")
        let notes = try #require(index.position(of: "/p/libnotes.so", near: 0))
        #expect(index.stampMatches(notes, stamp("/p/libnotes.so", modified: -5, changed: Int64.max)))
        #expect(!index.stampMatches(notes, stamp("/p/libnotes.so", modified: -5, changed: 0)), "a changed ctime is a changed file")
        #expect(!index.stampMatches(notes, stamp("/p/libnotes.so", modified: -4, changed: Int64.max)))
    }

    @Test func theCacheAnswersFromTheIndexAsItDidFromItsEntries() throws {
        var made = DescriptorCache(host: "h")
        for result in results() { made.entries[result.stamp.path] = result }
        let read = try #require(DescriptorCache.parse(bytes: made.serializedBytes()))
        #expect(read.count == made.count && read.entries == made.entries)
        for result in results() {
            #expect(read.result(for: result.stamp) == made.result(for: result.stamp))
            #expect(read.result(for: result.stamp)?.stamp == result.stamp)
            #expect(read.entry(at: result.stamp.path)?.stamp == result.stamp)
        }
        let moved = stamp("/p/libnotes.so", modified: 9)
        #expect(read.result(for: moved) == nil && made.result(for: moved) == nil)
        #expect(read.entry(at: "/p/libnone.so") == nil)
    }

    @Test func pathsGivenOutOfOrderOrTwiceAreWrittenInOrderOnceTheLastWinning() throws {
        func failed(_ path: String, _ message: String) -> ScanResult {
            ScanResult(stamp: stamp(path), outcome: .failed(message))
        }
        let index = try index([failed("/p/libC.so", "c"), failed("/p/libA.so", "first"), failed("/p/libB.so", "b"), failed("/p/libA.so", "last")])
        #expect(index.count == 3)
        #expect((0..<3).map { index.stamp($0).path } == ["/p/libA.so", "/p/libB.so", "/p/libC.so"])
        #expect(index.result(0)?.outcome == .failed("last"))
    }

    @Test func everyDamagedByteIsRefusedWhole() throws {
        let bytes = DescriptorIndex.write(host: "h", results: results())
        var refused = 0
        for offset in bytes.indices {
            var copy = bytes
            copy[offset] ^= 0x20
            guard case .failure = DescriptorIndex.read(copy) else {
                Issue.record("a change at byte \(offset) was believed")
                continue
            }
            refused += 1
        }
        #expect(refused == bytes.count)
        for length in [0, 7, 8, 63, 64, bytes.count / 2, bytes.count - 1] {
            #expect(throws: DescriptorIndex.Refusal.self, "cut to \(length) bytes") { try DescriptorIndex.read(Array(bytes.prefix(length))).get() }
        }
    }

    @Test func aSignedIndexWhoseRecordsPointOutsideIsRefusedNotRead() throws {
        let bytes = DescriptorIndex.write(host: "h", results: results())
        let notes = try #require(try DescriptorIndex.read(bytes).get().position(of: "/p/libnotes.so", near: 0))
        let record = DescriptorIndex.headerSize + notes * DescriptorIndex.recordSize
        for field in stride(from: 40, through: 76, by: 4) {  // each offset and length of a plugin's record (all but its absent code)
            var copy = bytes
            copy.withUnsafeMutableBytes { $0.storeBytes(of: UInt32(0x7FFF_FFF0).littleEndian, toByteOffset: record + field, as: UInt32.self) }
            copy.replaceSubrange(32..<64, with: Array(DescriptorIndex.digest(copy).utf8))  // signed again: only the bounds can tell
            #expect(throws: DescriptorIndex.Refusal.self, "field at \(field)") { try DescriptorIndex.read(copy).get() }
        }
        var unknown = bytes
        unknown[record + 88] = 9  // an outcome this format does not have
        unknown.replaceSubrange(32..<64, with: Array(DescriptorIndex.digest(unknown).utf8))
        #expect(throws: DescriptorIndex.Refusal.self) { try DescriptorIndex.read(unknown).get() }
    }

    @Test func anOldTextCacheIsStaleNotDamaged() {
        let text = Array("viper-plugin-cache\t4\tcontracts 1.5; viper 1/2\nR\t/p/liba.so\n".utf8)
        #expect(throws: DescriptorIndex.Refusal.otherFormat) { try DescriptorIndex.read(text).get() }
        var other = DescriptorIndex.write(host: "h", results: [])
        other[8] = 4  // an index of another format
        #expect(throws: DescriptorIndex.Refusal.otherFormat) { try DescriptorIndex.read(other).get() }
        #expect(throws: DescriptorIndex.Refusal.self) { try DescriptorIndex.read(Array("garbage that is long enough to hold a header of sixty-four bytes!".utf8)).get() }
    }

    // MARK: What a warm read answers without decoding

    @Test func aRecordReadFromTheIndexTellsWhetherItsPluginMayInterceptFromItsLine() throws {
        // Its summary holds the word, so its line does: a "may" that only its decode can turn into a no.
        let wordy = PluginDescriptor(
            manifest: PluginManifest(name: "wordy", version: "1.0.0", summary: "no interceptor here"), contractsVersion: .current,
            provides: [Provision(kind: .service, contract: ContractID("Contracts.Clock"))])
        let index = try index(results() + [ScanResult(stamp: stamp("/p/libwordy.so"), outcome: .ok(wordy))])
        func scanned(_ path: String) throws -> ScannedDescriptor {
            let record = try #require(index.position(of: path, near: 0))
            guard case .ok(let scanned)? = index.result(record)?.outcome else { throw Failure.notAPlugin(path) }
            return scanned
        }
        #expect(try scanned("/p/libnotes.so").mayDeclareInterceptor, "it declares one")
        #expect(try !scanned("/p/libplain.so").mayDeclareInterceptor, "its line lacks the word: no decode needed")
        let maybe = try scanned("/p/libwordy.so")
        #expect(maybe.mayDeclareInterceptor, "undecoded, the word in its line is a may")
        #expect(maybe.descriptor.manifest.name == "wordy")
        #expect(!maybe.mayDeclareInterceptor, "decoded, the descriptor answers exactly")
    }

    /// The bytes of `bytes` (an index of this format) as format 6 wrote them: its format word 6 and,
    /// in each record's byte after its outcome, the flag that said whether the plugin may intercept.
    private func formatSix(_ bytes: [UInt8], intercepting: Set<String>) throws -> [UInt8] {
        let index = try DescriptorIndex.read(bytes).get()
        var older = bytes
        older.withUnsafeMutableBytes { $0.storeBytes(of: UInt32(6).littleEndian, toByteOffset: 8, as: UInt32.self) }
        for record in 0..<index.count where intercepting.contains(index.stamp(record).path) {
            older[DescriptorIndex.headerSize + record * DescriptorIndex.recordSize + 89] = 1
        }
        older.replaceSubrange(32..<64, with: Array(DescriptorIndex.digest(older).utf8))  // whole, only older
        return older
    }

    @Test func anIndexOfTheFormatWithFlagsIsStaleAndRebuiltWithoutAWarning() throws {
        #expect(DescriptorCache.formatVersion == 7)
        let older = try formatSix(DescriptorIndex.write(host: "h", results: results()), intercepting: ["/p/libnotes.so"])
        #expect(throws: DescriptorIndex.Refusal.otherFormat) { try DescriptorIndex.read(older).get() }
        let folder = NSTemporaryDirectory() + "viper-index-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(older).write(to: URL(fileURLWithPath: Paths.join(folder, DescriptorCache.fileName)))
        let read = DescriptorCache.read(folder: folder)
        #expect(read.cache == nil && read.note == nil, "read as no cache: every file is scanned again and the index rewritten")
        let (cache, note) = DescriptorCache.load(folder: folder, host: "h")
        #expect(cache.count == 0 && note == nil)
    }

    @Test func anIndexOfTheFormatBeforeFlagsIsStaleToo() throws {
        var older = DescriptorIndex.write(host: "h", results: results())
        older.withUnsafeMutableBytes { $0.storeBytes(of: UInt32(5).littleEndian, toByteOffset: 8, as: UInt32.self) }
        older.replaceSubrange(32..<64, with: Array(DescriptorIndex.digest(older).utf8))
        #expect(throws: DescriptorIndex.Refusal.otherFormat) { try DescriptorIndex.read(older).get() }
    }

    private enum Failure: Error {
        case notAPlugin(String)
    }
}
