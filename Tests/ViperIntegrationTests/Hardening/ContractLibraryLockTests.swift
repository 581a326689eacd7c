import Foundation
import Testing
import ViperHostTestSupport
import ViperTestSupport
@testable import ViperRuntime
@testable import ViperCore
@testable import ViperLoading

/// `plugins.lock` pins contract libraries as it pins plugins: `viper plugins
/// --lock` writes each one's SHA-256, and while the lock is in force a library that is not in it,
/// or whose bytes changed, is refused before anything of it runs.
@Suite struct ContractLibraryLockTests {
    @Test func writingTheLockPinsTheContractLibrary() throws {
        let (runtime, library) = try Self.start(locked: false)
        #expect(runtime.contractLibraries.map(\.status) == [.ready])
        let (_, pinned) = try runtime.writeLock()
        let entry = try #require(pinned.first { $0.path == library })
        #expect(entry.name == "PinnedWelcome (contract library)")
        let descriptor = open(library, O_RDONLY)
        defer { close(descriptor) }
        #expect(entry.sha256 == SHA256.hex(ofFile: descriptor))
    }

    @Test func aPinnedLibraryIsUsedAndAChangedOneIsRefused() throws {
        let (first, library) = try Self.start(locked: false)
        _ = try first.writeLock()
        let pinned = try Self.restart(first)
        #expect(pinned.contractLibraries.map(\.status) == [.ready])
        // Same name, other bytes: swapped after the lock was written.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: library)) + Data([0])
        try bytes.write(to: URL(fileURLWithPath: library))
        let changed = try Self.restart(first)
        #expect(changed.contractLibraries.map(\.status) == [.refused])
        #expect(changed.problemLines.contains { $0.hasPrefix("\(library): refused: it changed since it was locked") }, "\(changed.problemLines)")
    }

    @Test func aLibraryAddedAfterTheLockIsRefused() throws {
        let folders = try TestRuntime.makeFolders()
        let plugins = try TemporaryFolder.make("lock-library")
        let first = try TestRuntime.start(TestRuntime.options(folders, plugins: [plugins]))
        _ = try first.writeLock()
        let library = plugins + "/libPinnedWelcome.so"
        try FileManager.default.copyItem(atPath: try Self.library(), toPath: library)
        let after = try Self.restart(first)
        #expect(after.contractLibraries.map(\.status) == [.refused])
        #expect(after.problemLines.contains { $0.hasPrefix("\(library): refused: it is not in the plugin lock") }, "\(after.problemLines)")
    }

    /// The C contract library (one record, nothing that runs) built with the SONAME libPinnedWelcome.so.
    private static func library() throws -> String {
        try FixtureCompiler.cPlugin(named: "PinnedWelcome", source: try Fixtures.source("Reserved/drop_in_contract_library.c"),
                                    extraFlags: ["-Wl,-soname,libPinnedWelcome.so"])
    }

    /// A runtime whose plugin folder holds the library; the lock is read unless `locked` is false.
    private static func start(locked: Bool) throws -> (HostRuntime, String) {
        let folders = try TestRuntime.makeFolders()
        let plugins = try TemporaryFolder.make("lock-library")
        let library = plugins + "/libPinnedWelcome.so"
        try FileManager.default.copyItem(atPath: try Self.library(), toPath: library)
        var options = TestRuntime.options(folders, plugins: [plugins])
        options.ignoreLock = !locked
        return (try TestRuntime.start(options), library)
    }

    /// A new runtime with the options of `runtime`, reading the lock.
    private static func restart(_ runtime: HostRuntime) throws -> HostRuntime {
        var options = runtime.options
        options.ignoreLock = false
        return try TestRuntime.start(options)
    }
}
