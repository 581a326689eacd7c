import Contracts
import Foundation
import ViperCore
import ViperLoading

/// Reads an index (``PluginIndex``) and installs from it into the user plugin folder, keeping the
/// last ``keptVersions`` versions of each plugin for an offline rollback, with the lock following.
///
/// Invariants:
/// - Nothing is written before everything is checked: the index's signature, serial and expiry,
///   each file's digest and signature, the publisher pin, the revocations.
/// - A plugin file appears whole: written under a temporary name in the plugin folder, then renamed;
///   its signature is renamed into place before it, and the lock is written before both, so the
///   live reload of a running viper sees a file the lock already describes.
/// - The lock changes only here, in a command the person ran.
package struct PluginIndexClient {
    package static let keptVersions = 3
    package let context: CommandContext
    /// The current time (seconds since 1970); a parameter so a test can replay an expired index.
    package var now = Int(Date().timeIntervalSince1970)

    package init(context: CommandContext) {
        self.context = context
    }

    /// The archive of installed versions: `DATA/plugin-versions/NAME/VERSION/`.
    func archive(_ name: String, _ version: String) -> String {
        Paths.join(context.dataFolder, "plugin-versions/\(name)/\(version)")
    }

    /// A fetched and checked index.
    package struct Opened {
        package let source: IndexSource
        package let root: PluginIndex
        package let key: MinisignPublicKey
    }

    /// Fetches the index at `address` and checks it against what the lock remembers; updates `pins`
    /// (its key on first use, its serial, its revocations) without saving them.
    package func open(_ address: String, pins: inout PluginLock) throws -> Opened {
        let source = try IndexSource(address)
        let rootBytes = try source.read(PluginIndex.rootName, limit: 64 << 20)
        let signature = try MinisignSignature(
            text: String(decoding: try source.read(PluginIndex.rootName + Minisign.signatureSuffix, limit: 64 << 10), as: UTF8.self),
            source: "\(address)/\(PluginIndex.rootName)\(Minisign.signatureSuffix)")
        let known = pins.indexes?[address]
        let key: MinisignPublicKey
        if let known {
            guard known.keyID == signature.keyIDText, let pinned = MinisignPublicKey(base64: known.publicKey) else {
                throw HostError(
                    "\(address): the index is signed by key \(signature.keyIDText), but plugins.lock pins key \(known.keyID) for it; "
                        + "if the index changed keys, run 'viper plugins --forget-index \(address)' and install again")
            }
            key = pinned
        } else {
            let text = String(decoding: try source.read(PluginIndex.keyName, limit: 64 << 10), as: UTF8.self)
            key = try MinisignPublicKey(text: text, source: "\(address)/\(PluginIndex.keyName)")
        }
        try Self.verify(rootBytes, signature: signature, key: key, source: "\(address)/\(PluginIndex.rootName)")
        let root = try IndexJSON.decode(PluginIndex.self, from: rootBytes, source: "\(address)/\(PluginIndex.rootName)")
        guard root.format == PluginIndex.formatVersion else {
            throw HostError("\(address): index format \(root.format), this viper reads format \(PluginIndex.formatVersion); update viper")
        }
        // The highest serial seen under this key, at any address: an old copy served elsewhere is still old.
        let seen = (pins.indexes ?? [:]).values.filter { $0.keyID == key.keyID }.map(\.serial).max()
        if let seen, root.serial < seen {
            throw HostError(
                "\(address): the index's serial \(root.serial) is lower than \(seen), seen before: an old index replayed (a rollback attack?); refused")
        }
        guard root.expires > now else {
            throw HostError("\(address): the index expired \(Self.date(root.expires)) (a frozen index?); refused until its publisher rebuilds it")
        }
        var indexes = pins.indexes ?? [:]
        indexes[address] = PluginLock.IndexState(keyID: key.keyID, publicKey: key.base64, serial: max(root.serial, seen ?? 0))
        pins.indexes = indexes
        var revoked = pins.revoked ?? PluginLock.Revocations()
        for (id, reason) in root.revokedKeys { revoked.keys[id] = "\(reason), index \(address)" }
        for (digest, reason) in root.revokedDigests { revoked.digests[digest] = "\(reason), index \(address)" }
        if !root.revokedKeys.isEmpty || !root.revokedDigests.isEmpty || pins.revoked != nil { pins.revoked = revoked }
        return Opened(source: source, root: root, key: key)
    }

    /// Checks a signature of `bytes`, read into memory (nothing is written before it holds).
    static func verify(_ bytes: [UInt8], signature: MinisignSignature, key: MinisignPublicKey, source: String) throws {
        try signature.verify(bytes: bytes, key: key, source: source)
    }

    static func date(_ seconds: Int) -> String {
        let formatter = ISO8601DateFormatter()
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    /// The plugin file of `name` in the index, checked against the root's digest.
    package func entry(_ name: String, in opened: Opened) throws -> PluginIndexEntry {
        guard let reference = opened.root.plugins[name] else {
            throw HostError("no plugin '\(name)' in the index \(opened.source.address); see 'viper plugins search \(name)'")
        }
        let bytes = try opened.source.read(reference.path, limit: 16 << 20)
        guard SHA256.hex(of: bytes) == reference.sha256 else {
            throw HostError("\(opened.source.address)/\(reference.path): does not match the digest the signed index gives; refused")
        }
        let entry = try IndexJSON.decode(PluginIndexEntry.self, from: bytes, source: "\(opened.source.address)/\(reference.path)")
        guard entry.name == name else {
            throw HostError("\(opened.source.address)/\(reference.path): describes '\(entry.name)', not '\(name)'; refused")
        }
        return entry
    }

    /// The version to install: `wanted` when given (even yanked), else the newest not yanked that this viper's Contracts can load.
    package func choose(_ entry: PluginIndexEntry, wanted: String?) throws -> PluginIndexEntry.Version {
        if let wanted {
            guard let version = entry.versions.first(where: { $0.version == wanted }) else {
                throw HostError(
                    "no version \(wanted) of '\(entry.name)' in the index (it has \(entry.versions.map(\.version).joined(separator: ", ")))")
            }
            return version
        }
        let loadable = entry.versions.filter { !$0.yanked && ($0.kind == "library" || Self.canLoad(contracts: $0.contracts)) }
        guard let newest = loadable.max(by: { VersionOrder.isLower($0.version, $1.version) }) else {
            throw HostError(
                "no version of '\(entry.name)' in the index that this viper (Contracts \(ContractsVersion.current)) can load and that is not yanked")
        }
        return newest
    }

    static func canLoad(contracts: String) -> Bool {
        let parts = contracts.split(separator: ".").compactMap { Int($0) }
        guard parts.count == 2 else { return false }
        return parts[0] == ContractsVersion.current.major && parts[1] <= ContractsVersion.current.minor
    }

    /// A plugin file fetched and checked, ready to be written.
    package struct Fetched {
        package let name: String
        package let version: PluginIndexEntry.Version
        package let bytes: [UInt8]
        package let signature: String
        package let key: MinisignPublicKey
    }

    /// Fetches `version` of `name` and checks its size, digest, signature, statement, pin and revocations.
    package func fetch(_ name: String, _ version: PluginIndexEntry.Version, from opened: Opened, pins: PluginLock) throws -> Fetched {
        let address = "\(opened.source.address)/\(version.file)"
        if let reason = pins.revoked?.keys[version.keyID] {
            throw HostError("\(name) \(version.version): its key \(version.keyID) is revoked (\(reason)); refused")
        }
        if let reason = pins.revoked?.digests[version.sha256] { throw HostError("\(name) \(version.version): its file is revoked (\(reason)); refused") }
        guard let keyText = opened.root.publishers[version.keyID], let key = MinisignPublicKey(base64: keyText) else {
            throw HostError("\(name) \(version.version): signed by key \(version.keyID), which the index does not list; refused")
        }
        // Two different keys under one id: the id no longer says who signed.
        for (other, pinned) in pins.publishers ?? [:] where pinned.keyID == version.keyID && pinned.publicKey != key.base64 {
            throw HostError(
                "\(name) \(version.version): key ID collision: the index's key \(version.keyID) is not the key of that id plugins.lock pins for '\(other)'; refused"
            )
        }
        if let pinned = pins.publishers?[name], pinned.keyID != version.keyID {
            throw HostError(
                "\(name): the index offers it signed by key \(version.keyID), but plugins.lock pins key \(pinned.keyID) for it; "
                    + "if the publisher changed keys, run 'viper plugins --forget-key \(name)' and install again")
        }
        let bytes = try opened.source.read(version.file, limit: version.size)
        guard bytes.count == version.size, SHA256.hex(of: bytes) == version.sha256 else {
            throw HostError("\(address): does not match the digest the signed index gives (SHA-256 \(SHA256.hex(of: bytes)?.prefix(16) ?? "")…); refused")
        }
        let signatureText = String(decoding: try opened.source.read(version.file + Minisign.signatureSuffix, limit: 64 << 10), as: UTF8.self)
        let signature = try MinisignSignature(text: signatureText, source: address + Minisign.signatureSuffix)
        try Self.verify(bytes, signature: signature, key: key, source: address)
        let statement = PluginStatement(comment: signature.trustedComment)
        guard statement.plugin == name, statement.version == version.version else {
            throw HostError(
                "\(address): its signature is for \(statement.plugin ?? "no plugin") \(statement.version ?? ""), not \(name) \(version.version); refused")
        }
        return Fetched(name: name, version: version, bytes: bytes, signature: signatureText, key: key)
    }

    /// Writes `fetched` into the archive and the plugin folder, pinning it in `pins` (saved first).
    package func install(_ fetched: Fetched, index: String, pins: inout PluginLock) throws -> String {
        let fileName = Paths.lastComponent(fetched.version.file)
        let folder = context.userPluginFolder
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let archived = archive(fetched.name, fetched.version.version)
        try FileManager.default.createDirectory(atPath: archived, withIntermediateDirectories: true)
        try SupplyFiles.write(fetched.bytes, to: Paths.join(archived, fileName), mode: 0o644)
        try SupplyFiles.write(fetched.signature, to: Paths.join(archived, fileName) + Minisign.signatureSuffix, mode: 0o644)
        return try place(name: fetched.name, version: fetched.version.version, fileName: fileName, key: fetched.key, index: index, pins: &pins)
    }

    /// Puts the archived `version` of `name` in the plugin folder and makes the lock follow.
    package func place(name: String, version: String, fileName: String, key: MinisignPublicKey, index: String?, pins: inout PluginLock) throws -> String {
        let folder = context.userPluginFolder
        let archived = Paths.join(archive(name, version), fileName)
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: archived)))
        let signature = try String(contentsOfFile: archived + Minisign.signatureSuffix, encoding: .utf8)
        let destination = Paths.join(folder, fileName)
        var publishers = pins.publishers ?? [:]
        var publisher = publishers[name] ?? PluginLock.Publisher(keyID: key.keyID, publicKey: key.base64)
        // A different file name of an earlier version is removed once the new one is in place.
        let replaced = publisher.path.flatMap { $0 == destination ? nil : $0 }
        publisher.version = version
        publisher.path = destination
        if let index { publisher.index = index }
        var history = (publisher.history ?? []).filter { $0 != version }
        history.append(version)
        let dropped = history.count > Self.keptVersions ? Array(history.prefix(history.count - Self.keptVersions)) : []
        publisher.history = Array(history.suffix(Self.keptVersions))
        publishers[name] = publisher
        pins.publishers = publishers
        if pins.pinsFiles == nil && pins.plugins.isEmpty { pins.pinsFiles = false }
        if pins.pinsFiles != false, let sha256 = SHA256.hex(of: bytes) {
            pins.plugins[destination] = PluginLock.Entry(name: name, sha256: sha256)
        }
        try pins.save(folder: context.dataFolder)
        try SupplyFiles.write(signature, to: destination + Minisign.signatureSuffix, mode: 0o644)
        try SupplyFiles.write(bytes, to: destination, mode: 0o644)
        if let replaced {
            unlink(replaced)
            unlink(replaced + Minisign.signatureSuffix)
            pins.plugins[replaced] = nil
        }
        for old in dropped { try? FileManager.default.removeItem(atPath: self.archive(name, old)) }
        return destination
    }

    /// Saves what reading an index taught `pins` (its key, the serial seen, its revocations) when
    /// that differs from `before`: a revocation in the index refuses at the next start even when
    /// nothing was installed, and a later replay of an older index is recognised.
    package func keep(_ pins: inout PluginLock, since before: PluginLock) throws {
        guard pins.indexes != before.indexes || pins.revoked != before.revoked else { return }
        if pins.pinsFiles == nil && pins.plugins.isEmpty { pins.pinsFiles = false }
        try pins.save(folder: context.dataFolder)
    }

    /// The lock of the data folder, or a new one. The first call also takes the data folder's
    /// supply lock (held until this process ends), so two installs at once cannot each rewrite
    /// plugins.lock from what they read before the other wrote.
    package func readPins() throws -> PluginLock {
        try Self.holdSupplyLock(folder: context.dataFolder)
        return try PluginLock.load(folder: context.dataFolder) ?? PluginLock()
    }

    nonisolated(unsafe) private static var heldLock: Int32 = -1

    private static func holdSupplyLock(folder: String) throws {
        guard heldLock < 0 else { return }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = Paths.join(folder, ".plugins-supply.lock")
        let descriptor = Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw HostError("cannot open \(path): \(String(cString: strerror(errno))); check the data folder") }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            FileHandle.standardError.write(Data("viper: waiting for another 'viper plugins' command to finish with \(folder)\n".utf8))
            guard flock(descriptor, LOCK_EX) == 0 else {
                close(descriptor)
                throw HostError("cannot lock \(path): \(String(cString: strerror(errno)))")
            }
        }
        heldLock = descriptor
    }

    /// Remembers `address` as the index of plain `update`/`search`, in config.json's "pluginIndex".
    package func remember(_ address: String) {
        let path = Paths.join(context.dataFolder, "config.json")
        var object = (try? JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))) as? [String: Any] ?? [:]
        guard object["pluginIndex"] as? String != address else { return }
        object["pluginIndex"] = address
        if let data = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) {
            try? SupplyFiles.write(Array(data) + [10], to: path, mode: 0o644)
        }
    }

    /// The remembered index (config.json's "pluginIndex"), or nil.
    package func rememberedIndex() -> String? {
        let path = Paths.join(context.dataFolder, "config.json")
        let object = (try? JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))) as? [String: Any]
        return object?["pluginIndex"] as? String
    }
}
