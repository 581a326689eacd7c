import Foundation
import Testing
import ViperTestSupport

@testable import ViperLoading

/// What plugins.lock's publisher half refuses before a signed plugin's code runs: another key for a
/// pinned name (naming both), a version other than the one installed, a revoked key or digest.
@Suite struct PublisherPinsTests {
    static func pins(_ lock: PluginLock) -> PublisherPins { PublisherPins(lock: lock, path: "/data/plugins.lock") }

    static func lock(keyID: String = "AAAAAAAAAAAAAAAA", version: String? = "2.0.0") -> PluginLock {
        var lock = PluginLock()
        lock.pinsFiles = false
        lock.publishers = ["notes": .init(keyID: keyID, publicKey: "", version: version, path: "/p/libNotes.so")]
        return lock
    }

    @Test func aPinnedKeyAndVersionPass() {
        #expect(Self.pins(Self.lock()).refusal(name: "notes", keyID: "AAAAAAAAAAAAAAAA", version: "2.0.0") == nil)
        #expect(Self.pins(Self.lock()).refusal(name: "other", keyID: "BBBBBBBBBBBBBBBB", version: "1.0.0") == nil)
    }

    @Test func anotherKeyForAPinnedNameIsRefusedNamingBothKeysAndWhatToRun() throws {
        let line = try #require(Self.pins(Self.lock()).refusal(name: "notes", keyID: "BBBBBBBBBBBBBBBB", version: "2.0.0"))
        #expect(line.contains("BBBBBBBBBBBBBBBB") && line.contains("AAAAAAAAAAAAAAAA") && line.contains("viper plugins --forget-key notes"))
    }

    @Test func anOlderVersionThanTheOneInstalledIsRefused() throws {
        let line = try #require(Self.pins(Self.lock()).refusal(name: "notes", keyID: "AAAAAAAAAAAAAAAA", version: "1.0.0"))
        #expect(line.contains("notes 1.0.0") && line.contains("notes 2.0.0"))
    }

    @Test func aRevokedKeyIsRefusedNamingTheRevocation() throws {
        var lock = Self.lock()
        lock.revoked = .init(keys: ["AAAAAAAAAAAAAAAA": "leaked"])
        let line = try #require(Self.pins(lock).refusal(name: "notes", keyID: "AAAAAAAAAAAAAAAA", version: "2.0.0"))
        #expect(line.contains("revoked (leaked)"))
        lock.revoked = .init(digests: ["abc": "bad build"])
        #expect(Self.pins(lock).digestRefusal("abc")?.contains("bad build") == true)
        #expect(Self.pins(lock).digestRefusal("abd") == nil)
    }

    @Test func aLockThatPinsOnlyPublishersPinsNoFiles() throws {
        let folder = try TemporaryFolder.make("pins")
        chmod(folder, 0o700)
        try Self.lock().save(folder: folder)
        guard case .none = LockState.read(folder: folder) else {
            Issue.record("a lock of publishers only refused unpinned files")
            return
        }
        let read = try PublisherPins.read(folder: folder)
        #expect(read.lock.publishers?["notes"]?.version == "2.0.0")
    }

    @Test func aFormatOneLockIsStillReadAndPinsFiles() throws {
        let folder = try TemporaryFolder.make("pins")
        chmod(folder, 0o700)
        _ = try TemporaryFolder.write(Array(#"{"format": 1, "plugins": {}}"#.utf8), to: PluginLock.fileName, in: folder)
        chmod(folder + "/" + PluginLock.fileName, 0o644)
        #expect(LockState.read(folder: folder).isLocked)
    }
}
