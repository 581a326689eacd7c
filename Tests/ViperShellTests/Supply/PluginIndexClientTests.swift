import Contracts
import Foundation
import Testing
import ViperTestSupport

@testable import ViperCommandLine
@testable import ViperLoading

/// The index client against indexes written here (signed with a new key, no process spawned): a
/// replayed older serial, an expired index, another index key, a damaged root, a plugin file that
/// does not match its digest, paths outside the folder and symbolic links are each refused with one
/// line; a good one opens and pins its key and serial.
@Suite struct PluginIndexClientTests {
    struct Index {
        let folder: String
        let key: MinisignSecretKey
        let data: String

        init() throws {
            let base = try TemporaryFolder.make("index")
            folder = base + "/index"
            data = base + "/data"
            try FileManager.default.createDirectory(atPath: folder + "/plugins", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
            chmod(data, 0o700)
            key = try #require(MinisignSecretKey.generate())
        }

        /// Writes and signs a root with `serial`, expiring at `expires`, naming `plugins/x.json` with `entryDigest`.
        func publish(serial: Int, expires: Int, entryDigest: String? = nil, entryPath: String = "plugins/x.json") throws {
            let entry = PluginIndexEntry(name: "x", versions: [])
            let entryBytes = try IndexJSON.encode(entry)
            try Data(entryBytes).write(to: URL(fileURLWithPath: folder + "/plugins/x.json"))
            let root = PluginIndex(
                serial: serial, expires: expires, built: 0,
                plugins: ["x": .init(path: entryPath, sha256: entryDigest ?? SHA256.hex(of: entryBytes) ?? "", latest: "")],
                providers: [:], publishers: [key.publicKey.keyID: key.publicKey.base64], revokedKeys: [:], revokedDigests: [:])
            try write(try IndexJSON.encode(root), signedBy: key)
        }

        func write(_ rootBytes: [UInt8], signedBy signer: MinisignSecretKey) throws {
            let rootPath = folder + "/index.json"
            try Data(rootBytes).write(to: URL(fileURLWithPath: rootPath))
            let descriptor = open(rootPath, O_RDONLY)
            defer { close(descriptor) }
            let signature = try MinisignSignature.sign(file: descriptor, key: signer, trustedComment: "index", untrustedComment: "t")
            try signature.text.write(toFile: rootPath + ".minisig", atomically: true, encoding: .utf8)
            try key.publicKey.text.write(toFile: folder + "/index.pub", atomically: true, encoding: .utf8)
        }

        var client: PluginIndexClient {
            var client = PluginIndexClient(context: CommandContext(environment: ["VIPER_DATA_DIR": data]))
            client.now = 1000
            return client
        }
    }

    static func refusal(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func aGoodIndexOpensAndPinsItsKeyAndSerial() throws {
        let index = try Index()
        try index.publish(serial: 4, expires: 2000)
        var pins = PluginLock()
        let opened = try index.client.open(index.folder, pins: &pins)
        #expect(opened.root.serial == 4)
        #expect(pins.indexes?[index.folder]?.serial == 4 && pins.indexes?[index.folder]?.keyID == index.key.publicKey.keyID)
        #expect(try index.client.entry("x", in: opened).name == "x")
    }

    @Test func aReplayedOlderSerialIsRefused() throws {
        let index = try Index()
        try index.publish(serial: 4, expires: 2000)
        var pins = PluginLock()
        _ = try index.client.open(index.folder, pins: &pins)
        try index.publish(serial: 3, expires: 2000)
        let line = try #require(Self.refusal { _ = try index.client.open(index.folder, pins: &pins) })
        #expect(line.contains("serial 3 is lower than 4") && !line.contains("\n"))
    }

    @Test func anExpiredIndexIsRefused() throws {
        let index = try Index()
        try index.publish(serial: 1, expires: 999)
        var pins = PluginLock()
        let line = try #require(Self.refusal { _ = try index.client.open(index.folder, pins: &pins) })
        #expect(line.contains("expired"))
        #expect(pins.indexes == nil)
    }

    @Test func anIndexSignedByAnotherKeyThanThePinnedOneIsRefusedNamingBoth() throws {
        let index = try Index()
        try index.publish(serial: 1, expires: 2000)
        var pins = PluginLock()
        _ = try index.client.open(index.folder, pins: &pins)
        let other = try #require(MinisignSecretKey.generate())
        try index.write(try IndexJSON.encode(PluginIndex(
            serial: 9, expires: 2000, built: 0, plugins: [:], providers: [:], publishers: [:], revokedKeys: [:], revokedDigests: [:])),
            signedBy: other)
        let line = try #require(Self.refusal { _ = try index.client.open(index.folder, pins: &pins) })
        #expect(line.contains(other.publicKey.keyID) && line.contains(index.key.publicKey.keyID))
    }

    @Test func aRootChangedAfterSigningIsRefused() throws {
        let index = try Index()
        try index.publish(serial: 1, expires: 2000)
        let path = index.folder + "/index.json"
        let text = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "\"serial\" : 1", with: "\"serial\" : 7")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        var pins = PluginLock()
        #expect(Self.refusal { _ = try index.client.open(index.folder, pins: &pins) }?.contains("does not match") == true)
    }

    @Test func aPluginFileThatDoesNotMatchItsDigestIsRefused() throws {
        let index = try Index()
        try index.publish(serial: 1, expires: 2000, entryDigest: String(repeating: "0", count: 64))
        var pins = PluginLock()
        let opened = try index.client.open(index.folder, pins: &pins)
        #expect(Self.refusal { _ = try index.client.entry("x", in: opened) }?.contains("does not match the digest") == true)
    }

    @Test func aPathOutsideTheIndexFolderIsRefused() throws {
        let index = try Index()
        try index.publish(serial: 1, expires: 2000, entryPath: "../outside.json")
        var pins = PluginLock()
        let opened = try index.client.open(index.folder, pins: &pins)
        #expect(Self.refusal { _ = try index.client.entry("x", in: opened) }?.contains("outside its folder") == true)
        for path in ["/etc/passwd", "a/../../b", "a//b", ""] { #expect(IndexSource.pathProblem(path) != nil, "\(path)") }
        #expect(IndexSource.pathProblem("plugins/x.json") == nil)
    }

    @Test func aSymlinkedEntryIsRefused() throws {
        let index = try Index()
        try index.publish(serial: 1, expires: 2000)
        rename(index.folder + "/plugins/x.json", index.folder + "/x-real.json")
        symlink(index.folder + "/x-real.json", index.folder + "/plugins/x.json")
        var pins = PluginLock()
        let opened = try index.client.open(index.folder, pins: &pins)
        #expect(Self.refusal { _ = try index.client.entry("x", in: opened) }?.contains("symbolic link") == true)
    }

    @Test func onlyTheLoopbackServesAnIndexOverHTTP() throws {
        #expect(Self.refusal { _ = try IndexSource("http://example.com/index") }?.contains("loopback") == true)
        #expect(Self.refusal { _ = try IndexSource("https://127.0.0.1:8443/index") } != nil)
        #expect(Self.refusal { _ = try IndexSource("http://127.0.0.1:8080/index") } == nil)
        #expect(Self.refusal { _ = try IndexSource("http://[::1]:8080/index") } == nil)
    }

    @Test func versionsCompareAsNumbers() {
        #expect(VersionOrder.isLower("1.9.2", "1.10.0"))
        #expect(!VersionOrder.isLower("2.0.0", "1.10.0"))
    }
}

/// Which version an install chooses, and what it refuses before fetching a byte.
@Suite struct PluginIndexChoiceTests {
    static func version(_ version: String, yanked: Bool = false, contracts: String? = nil, keyID: String = "AAAAAAAAAAAAAAAA") -> PluginIndexEntry.Version {
        let current = "\(ContractsVersion.current.major).\(ContractsVersion.current.minor)"
        return PluginIndexEntry.Version(
            version: version, file: "x/\(version)/libX.so", sha256: "", size: 0, contracts: contracts ?? current, provides: [], requires: [],
            keyID: keyID, yanked: yanked)
    }

    static let client = PluginIndexClient(context: CommandContext(environment: ["VIPER_DATA_DIR": "/nonexistent"]))

    @Test func theNewestLoadableVersionThatIsNotYankedIsChosen() throws {
        let entry = PluginIndexEntry(
            name: "x", versions: [Self.version("1.2.0"), Self.version("1.10.0", yanked: true), Self.version("1.9.0"), Self.version("3.0.0", contracts: "99.0")])
        #expect(try Self.client.choose(entry, wanted: nil).version == "1.9.0")
        #expect(try Self.client.choose(entry, wanted: "1.10.0").version == "1.10.0", "a yanked version named is installed")
        #expect(throws: (any Error).self) { try Self.client.choose(entry, wanted: "7.0.0") }
    }

    @Test func aKeyIDCollisionWithAPinnedKeyIsRefused() throws {
        let pinned = try #require(MinisignSecretKey.generate()).publicKey
        let other = try #require(MinisignSecretKey.generate()).publicKey
        var lock = PluginLock()
        lock.publishers = ["y": .init(keyID: pinned.keyID, publicKey: pinned.base64)]
        let root = PluginIndex(
            serial: 1, expires: 2, built: 0, plugins: [:], providers: [:], publishers: [pinned.keyID: other.base64], revokedKeys: [:],
            revokedDigests: [:])
        let opened = PluginIndexClient.Opened(source: try IndexSource("/nonexistent"), root: root, key: pinned)
        do {
            _ = try Self.client.fetch("x", Self.version("1.0.0", keyID: pinned.keyID), from: opened, pins: lock)
            Issue.record("a colliding key id was accepted")
        } catch {
            #expect("\(error)".contains("key ID collision"))
        }
    }

    @Test func aRevokedKeyOrDigestIsNotFetched() throws {
        var lock = PluginLock()
        lock.revoked = .init(keys: ["AAAAAAAAAAAAAAAA": "leaked"])
        let root = PluginIndex(
            serial: 1, expires: 2, built: 0, plugins: [:], providers: [:], publishers: [:], revokedKeys: [:], revokedDigests: [:])
        let key = try #require(MinisignSecretKey.generate()).publicKey
        let opened = PluginIndexClient.Opened(source: try IndexSource("/nonexistent"), root: root, key: key)
        do {
            _ = try Self.client.fetch("x", Self.version("1.0.0"), from: opened, pins: lock)
            Issue.record("a revoked key's file was fetched")
        } catch {
            #expect("\(error)".contains("revoked (leaked)"))
        }
    }
}
