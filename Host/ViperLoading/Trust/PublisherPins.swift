import Foundation
import ViperCore

/// The signed-plugin half of `plugins.lock` (``PluginLock``): publisher keys pinned by plugin name,
/// the versions installed, and revocations, read once per start and checked before any code of a
/// signed plugin runs (``SignatureCheck``).
package struct PublisherPins {
    package let lock: PluginLock
    /// Where the lock is (named in refusals).
    package let path: String

    /// Reads the lock in `folder`; an empty one when there is none. Throws when it cannot be read.
    package static func read(folder: String) throws -> PublisherPins {
        PublisherPins(lock: try PluginLock.load(folder: folder) ?? PluginLock(), path: PluginLock.path(in: folder))
    }

    /// Each pinned key's base64 lines by key id (more than one: a collision), and each installed file's plugin name.
    private let keyLines: [String: Set<String>]
    private let installed: [String: String]

    package init(lock: PluginLock, path: String) {
        self.lock = lock
        self.path = path
        var keyLines: [String: Set<String>] = [:]
        var installed: [String: String] = [:]
        for (name, publisher) in lock.publishers ?? [:] {
            keyLines[publisher.keyID, default: []].insert(publisher.publicKey)
            if let file = publisher.path { installed[file] = name }
        }
        for index in (lock.indexes ?? [:]).values { keyLines[index.keyID, default: []].insert(index.publicKey) }
        self.keyLines = keyLines
        self.installed = installed
    }

    /// The plugin installed at `file` (from an index), or nil.
    package func installedName(at file: String) -> String? { installed[file] }

    /// Whether there is anything to check for a plugin that was verified before (a pin or a revocation).
    package var isEmpty: Bool {
        (lock.publishers ?? [:]).isEmpty && (lock.revoked?.keys ?? [:]).isEmpty && (lock.revoked?.digests ?? [:]).isEmpty
    }

    /// The public key pinned with id `id` (for any plugin), or nil.
    /// Nil also when two different keys are pinned under that id (a collision: the id says nothing).
    package func key(id: String) -> MinisignPublicKey? {
        guard let lines = keyLines[id], lines.count == 1, let line = lines.first, let key = MinisignPublicKey(base64: line), key.keyID == id
        else { return nil }
        return key
    }

    /// Why a plugin `name` signed by key `keyID` at `version` may not load, without looking at its
    /// bytes (the pin and the revocations), or nil.
    package func refusal(name: String, keyID: String, version: String?) -> String? {
        if let reason = lock.revoked?.keys[keyID] {
            return "refused: its publisher key \(keyID) is revoked (\(reason)); remove the plugin or install one signed by another key"
        }
        guard let pinned = lock.publishers?[name] else { return nil }
        if pinned.keyID != keyID {
            return "refused: plugin '\(name)' is signed by key \(keyID), but \(path) pins key \(pinned.keyID) for it; "
                + "if the publisher changed keys, run 'viper plugins --forget-key \(name)' and install it again"
        }
        if let expected = pinned.version, let version, expected != version {
            return "refused: its signature is for \(name) \(version), but \(path) expects \(name) \(expected) (an older or other file put back?); "
                + "run 'viper plugins install \(name)@\(expected)' to put back the version it expects, or 'viper plugins rollback \(name)'"
        }
        return nil
    }

    /// Why a file with SHA-256 `sha256` may not load (a revoked digest), or nil.
    package func digestRefusal(_ sha256: String) -> String? {
        lock.revoked?.digests[sha256].map { "refused: its SHA-256 \(sha256.prefix(16))… is revoked (\($0)); remove the plugin or update it" }
    }
}
