import Contracts
import Foundation
import Testing
@testable import ViperLoading
@testable import ViperRuntime

/// The descriptor cache reads its lines with ``RecordCodec/decodeCached(_:storage:range:)``,
/// a check of raw bytes that decodes descriptors later: it must accept exactly the lines the
/// full decoder accepts, and read them to the same result, or a damaged cache would be believed.
@Suite struct RecordCodecCheckTests {
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
        let stamp = FileStamp(path: "/p/libnotes.so", size: 4096, modifiedNanoseconds: -5, inode: 42, device: 65024, changedNanoseconds: 7)
        return [
            ScanResult(stamp: stamp, outcome: .ok(descriptor), sha256: String(repeating: "ab", count: 32)),
            ScanResult(stamp: stamp, outcome: .ok(plain)),
            ScanResult(stamp: stamp, outcome: .failed("not a plugin:\tno symbols"), code: .missingSymbol),
            ScanResult(stamp: .missing("/p/gone.so"), outcome: .broken("crashed")),
        ]
    }

    private func cached(_ line: [UInt8]) -> ScanResult? {
        line.withUnsafeBufferPointer { buffer in
            RecordCodec.decodeCached(buffer, storage: line, range: 0..<line.count)
        }
    }

    /// Damaged copies of `line`: each byte replaced, removed or doubled, and each field replaced by trouble.
    private func damaged(_ line: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        let replacements: [UInt8] = [0x09, 0x5C, 0x4E, 0x2D, 0x30, 0x39, 0x78]
        for index in line.indices {
            for byte in replacements where byte != line[index] {
                var copy = line
                copy[index] = byte
                lines.append(copy)
            }
            var shorter = line
            shorter.remove(at: index)
            lines.append(shorter)
            var longer = line
            longer.insert(line[index], at: index)
            lines.append(longer)
        }
        let fields = line.split(separator: 0x09, omittingEmptySubsequences: false)
        let trouble: [[UInt8]] = [[], [0x5C, 0x4E], [0x5C], Array("99999999999999999999".utf8), Array("10001".utf8), Array("-1".utf8),
                                  Array("module".utf8), Array("1".utf8), Array("0".utf8), Array("x\\q".utf8)]
        for index in fields.indices {
            for replacement in trouble {
                var copy = fields.map(Array.init)
                copy[index] = replacement
                lines.append(Array(copy.joined(separator: [0x09])))
            }
        }
        return lines
    }

    @Test func theCheckAcceptsExactlyWhatTheDecoderAcceptsAndReadsItTheSame() throws {
        var compared = 0
        for result in results() {
            let line = Array(RecordCodec.encode(result).utf8)
            for candidate in [line] + damaged(line) {
                let full = try? RecordCodec.decode(bytes: candidate[...])
                let quick = cached(candidate)
                let text = String(decoding: candidate, as: UTF8.self)
                #expect((full == nil) == (quick == nil), "\(text)")
                if let full, let quick {
                    #expect(quick == full && quick.stamp == full.stamp && quick.code == full.code && quick.sha256 == full.sha256, "\(text)")
                    if case .ok(let one) = quick.outcome, case .ok(let other) = full.outcome {
                        #expect(one.name == other.name && one.descriptor == other.descriptor, "\(text)")
                    } else {
                        #expect(quick.outcome == full.outcome, "\(text)")
                    }
                }
                compared += 1
            }
        }
        #expect(compared > 1_000)
    }

    @Test func aCacheOutOfOrderOrWithAPathTwiceIsReadAsTheLastLineOfEachPath() throws {
        func line(_ path: String, _ message: String) -> String {
            RecordCodec.encode(ScanResult(stamp: FileStamp(path: path, size: 1, modifiedNanoseconds: 2, inode: 3, device: 4), outcome: .failed(message)))
        }
        let header = "\(DescriptorCache.magic)\t\(DescriptorCache.formatVersion)\th\n"
        let text = header + [line("/p/libC.so", "c"), line("/p/libA.so", "first"), line("/p/libB.so", "b"), line("/p/libA.so", "last")]
            .joined(separator: "\n") + "\n"
        let cache = try #require(DescriptorCache.parse(Data(text.utf8)))
        #expect(cache.count == 3)
        #expect(cache.entries.keys.sorted() == ["/p/libA.so", "/p/libB.so", "/p/libC.so"])
        for (near, path) in [(0, "/p/libA.so"), (0, "/p/libC.so"), (2, "/p/libB.so"), (9, "/p/libA.so"), (-1, "/p/libC.so")] {
            let stamp = FileStamp(path: path, size: 1, modifiedNanoseconds: 2, inode: 3, device: 4)
            #expect(cache.result(for: stamp, near: near)?.stamp == stamp, "\(path) near \(near)")
        }
        #expect(cache.result(for: FileStamp(path: "/p/libA.so", size: 1, modifiedNanoseconds: 2, inode: 3, device: 4))?.outcome == .failed("last"))
        #expect(cache.result(for: FileStamp(path: "/p/libD.so", size: 1, modifiedNanoseconds: 2, inode: 3, device: 4)) == nil)
        #expect(cache.result(for: FileStamp(path: "/p/libB.so", size: 9, modifiedNanoseconds: 2, inode: 3, device: 4)) == nil, "a changed stamp")
        let written = String(decoding: cache.serializedBytes(), as: UTF8.self)
        #expect(written == header + [line("/p/libA.so", "last"), line("/p/libB.so", "b"), line("/p/libC.so", "c")].joined(separator: "\n") + "\n",
                "written back in path order, each path once")
    }

    @Test func numbersAreReadAsTheReaderReadsThem() {
        var random = SystemRandomNumberGenerator()
        var fields = ["0", "-0", "", "-", "00000000000000000001", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
                      "-9223372036854775809", "18446744073709551615", "18446744073709551616", "99999999999999999999", "1234567a", "12345678x",
                      "123456789012345:", "/2345678", "1234567812345678", "-12345678"]
        for length in 1...20 {
            for _ in 0..<20 {
                fields.append(String((0..<length).map { _ in Character(String(Int.random(in: 0...9, using: &random))) }))
            }
        }
        fields += fields.map { "-" + $0 }
        for field in fields {
            let bytes = Array(field.utf8)
            var signed = RecordCodec.Reader(bytes: bytes[...]), unsigned = RecordCodec.Reader(bytes: bytes[...])
            let expected = (try? signed.integer(Int64.self), try? unsigned.integer(UInt64.self))
            let line = bytes + [0x09, 0x37]  // the field, then another: the cursor stops at the tab
            let read = line.withUnsafeBufferPointer { buffer -> (Int64?, UInt64?) in
                guard let base = buffer.baseAddress else { return (nil, nil) }
                var one = RecordCodec.FieldCursor(base, count: buffer.count), other = one
                return (one.signed(), other.unsigned())
            }
            #expect(read.0 == expected.0 && read.1 == expected.1, "'\(field)'")
        }
    }

    @Test func aFileIsReadWholeWhateverItsSize() throws {
        let folder = NSTemporaryDirectory() + "viper-read-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for size in [0, 1, 4095, 4096, 65_537, 300_000] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let path = folder + "/f\(size)"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            #expect(DescriptorCache.readFile(path) == bytes, "\(size) bytes")
        }
        #expect(DescriptorCache.readFile(folder) == nil, "a folder is no file")
        #expect(DescriptorCache.readFile(folder + "/missing") == nil)
    }
}
