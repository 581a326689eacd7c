import Contracts
import Foundation
import Testing
@testable import ViperCore
@testable import ViperLoading
@testable import ViperRuntime

/// A warm start reads the descriptor cache without decoding descriptors: the index is checked
/// whole (its digest) when the cache is read, the descriptor is decoded when first asked for, and
/// the pending routes are listed when first read; each gives what decoding at once gave.
@Suite struct LazyDescriptorTests {
    private func descriptor(_ name: String = "notes", routes: [String] = ["notes", "notes/:id"]) -> PluginDescriptor {
        var descriptor = PluginDescriptor(
            manifest: PluginManifest(name: name, version: "1.2.0", summary: "Notes\twith a tab and a \\ backslash"),
            contractsVersion: ContractsVersion(major: 1, minor: 4),
            provides: routes.map { Provision(kind: .module, contract: ContractID("Contracts.Page[\($0)]"), route: RouteSpec($0, summary: "a page")) }
                + [Provision(kind: .service, contract: ContractID("Contracts.NoteStore"), requires: [.service(Logger.self)])])
        descriptor.swiftCompiler = SwiftCompilerVersion(major: 6, minor: 3)
        descriptor.contractLibraries = [ContractLibraryVersion(name: "Shapes", major: 2, minor: 1)]
        return descriptor
    }

    private func cacheBytes(_ descriptors: [PluginDescriptor]) -> [UInt8] {
        var cache = DescriptorCache(host: "h")
        for (index, descriptor) in descriptors.enumerated() {
            let stamp = FileStamp(path: "/p/lib\(index).so", size: Int64(index), modifiedNanoseconds: Int64.min, inode: UInt64.max, device: 1,
                                  changedNanoseconds: Int64.max)
            cache.entries[stamp.path] = ScanResult(stamp: stamp, outcome: .ok(descriptor))
        }
        return cache.serializedBytes()
    }

    /// `bytes` with the first run of `old` replaced by `new` (of any length).
    private func replacing(_ bytes: [UInt8], _ old: String, with new: String) -> [UInt8] {
        let old = Array(old.utf8)
        guard let start = bytes.indices.first(where: { bytes[$0...].starts(with: old) }) else { return bytes }
        return Array(bytes[..<start]) + Array(new.utf8) + Array(bytes[(start + old.count)...])
    }

    @Test func aDescriptorReadFromTheCacheIsDecodedOnDemandToTheOneWritten() throws {
        let written = [descriptor(), descriptor("other", routes: [])]
        let cache = try #require(DescriptorCache.parse(Data(cacheBytes(written))))
        for (index, expected) in written.enumerated() {
            let result = try #require(cache.entries["/p/lib\(index).so"])
            #expect(result.stamp.modifiedNanoseconds == Int64.min && result.stamp.inode == UInt64.max && result.stamp.changedNanoseconds == Int64.max)
            guard case .ok(let scanned) = result.outcome else { Issue.record("not ok"); continue }
            #expect(scanned.name == expected.manifest.name)
            #expect(scanned.descriptor == expected)
            #expect(scanned.routes == HostRuntime.routes(of: expected, plugin: expected.manifest.name))
        }
    }

    @Test func aDamagedDescriptorFieldRejectsTheCacheWhenItIsReadNotLater() {
        let bytes = cacheBytes([descriptor()])
        let damaged = [
            replacing(bytes, "\tmodule\t", with: "\tmodul\t"),  // a provision kind
            replacing(bytes, "\\\\ backslash", with: "\\q backslash"),  // an escape in a field only the decoder reads
            replacing(bytes, "\t6.3\t", with: "\tsix\t"),  // the compiler version
            replacing(bytes, "\tShapes\t2\t1", with: "\tShapes\t2"),  // a field short at the end
            replacing(bytes, "\tContracts.Logger\t", with: "\t\\N\t"),  // a requirement's contract missing
            replacing(bytes, "\tmodule\t", with: "\tmodula\t"),  // the same length: only the digest tells
        ]
        for file in damaged {
            #expect(file != bytes)
            #expect(DescriptorCache.parse(Data(file)) == nil, "\(String(decoding: file.suffix(80), as: UTF8.self))")
        }
    }

    @Test func numbersAreReadToTheEdgesOfTheirTypesAndNoFurther() throws {
        var reader = RecordCodec.Reader("9223372036854775807\t-9223372036854775808\t18446744073709551615\t-0"[...])
        #expect(try reader.integer(Int64.self) == Int64.max)
        #expect(try reader.integer(Int64.self) == Int64.min)
        #expect(try reader.integer(UInt64.self) == UInt64.max)
        #expect(try reader.integer(Int.self) == 0)
        for field in ["9223372036854775808", "-9223372036854775809", "", "-", "1-2", "+1", " 1"] {
            var one = RecordCodec.Reader(field[...])
            #expect(throws: (any Error).self, "'\(field)'") { try one.integer(Int64.self) }
        }
        var unsigned = RecordCodec.Reader("-1"[...])
        #expect(throws: (any Error).self) { try unsigned.integer(UInt64.self) }
    }

    @Test func pendingRoutesListedOnFirstReadAreTheOnesAddedAtOnce() {
        let first = ScannedDescriptor(descriptor("first", routes: ["notes", "kept", "help"]))
        let second = ScannedDescriptor(descriptor("second", routes: ["notes", "own"]))
        let owners = ["notes": "second"]
        var eager = RouteTable()
        eager.owners = owners
        eager.addPending(first.routes(plugin: "first", except: []) + second.routes(plugin: "second", except: ["Contracts.Page[own]"]))
        var lazy = RouteTable()
        lazy.owners = owners
        lazy.addPending(declaredBy: [PendingRoutes.Plugin(descriptor: first, name: "first", overridden: []),
                                     PendingRoutes.Plugin(descriptor: second, name: "second", overridden: ["Contracts.Page[own]"])])
        let copy = lazy
        lazy.owners = [:]  // owners assigned later do not change what was added before
        #expect(lazy.pending == eager.pending)
        #expect(copy.pending == eager.pending)
        #expect(eager.pending.map(\.spec.pattern) == ["kept", "notes"], "'help' is a shell command; 'notes' is kept by second; 'own' was lost")
        lazy.pending.removeAll { $0.plugin == "second" }
        #expect(lazy.pending.map(\.plugin) == ["first"])
        #expect(copy.pending == eager.pending, "a copy (a registry snapshot) keeps what it saw")
    }
}
