import Foundation
import ViperCore
import ViperELF

/// `plugins.lock` in the data folder, written by `viper plugins --lock`: the SHA-256
/// of every plugin in use at that moment, by path. While it pins files, a plugin whose
/// path is not in it, or whose bytes changed, is refused before any of its code runs.
///
/// It also holds what signed plugins are trusted with (``PublisherPins``): each signed plugin's
/// publisher key, pinned on first install (trust on first use), the version installed, the
/// revoked keys and digests, and each index's key and highest serial seen. Written only by a
/// command the person runs (`--lock`, `plugins install/update/rollback/remove`, `--revoke-key`).
///
///     { "format": 2, "plugins": { "/home/ada/.local/share/viper/plugins/libNotesPlugin.so":
///         { "name": "notes", "sha256": "9f86d081…" } },
///       "pinsFiles": true, "publishers": { "notes": { "keyID": "…", "publicKey": "RWQ…", "version": "1.2.0" } },
///       "revoked": { "keys": {}, "digests": {} }, "indexes": { "file:///srv/index": { "serial": 7, … } } }
package struct PluginLock: Codable, Equatable {
    package static let fileName = "plugins.lock"
    /// Format 1 pinned files only; 2 adds publishers, revocations and indexes (format 1 is still read).
    package static let formatVersion = 2

    /// A signed plugin's publisher, pinned by plugin name.
    package struct Publisher: Codable, Equatable {
        /// The key id, as minisign prints it.
        package var keyID: String
        /// The public key's base64 line.
        package var publicKey: String
        /// The version installed, when installed from an index (a signature of another is refused).
        package var version: String?
        /// Where it was installed, when installed from an index.
        package var path: String?
        /// The versions kept for rollback, oldest first (the last is the one installed).
        package var history: [String]?
        /// The index it came from (what `update` reads).
        package var index: String?

        package init(keyID: String, publicKey: String, version: String? = nil, path: String? = nil) {
            self.keyID = keyID
            self.publicKey = publicKey
            self.version = version
            self.path = path
        }
    }

    /// Revoked key ids and SHA-256 digests, each with why (shown when a plugin is refused for it).
    package struct Revocations: Codable, Equatable {
        package var keys: [String: String] = [:]
        package var digests: [String: String] = [:]

        package init(keys: [String: String] = [:], digests: [String: String] = [:]) {
            self.keys = keys
            self.digests = digests
        }
    }

    /// An index plugins were installed from: its key (pinned on first use) and the highest serial seen.
    package struct IndexState: Codable, Equatable {
        package var keyID: String
        package var publicKey: String
        package var serial: Int

        package init(keyID: String, publicKey: String, serial: Int) {
            self.keyID = keyID
            self.publicKey = publicKey
            self.serial = serial
        }
    }

    package struct Entry: Codable, Equatable {
        /// The plugin's manifest name when it was locked (for people reading the file).
        package var name: String?
        /// Lower-case hex SHA-256 of the whole file.
        package var sha256: String

        package init(name: String?, sha256: String) {
            self.name = name
            self.sha256 = sha256
        }
    }

    package var format = PluginLock.formatVersion
    package var plugins: [String: Entry] = [:]
    /// False when the lock pins no files (only publishers and revocations); nil (format 1) means true.
    package var pinsFiles: Bool?
    package var publishers: [String: Publisher]?
    package var revoked: Revocations?
    package var indexes: [String: IndexState]?

    package init(plugins: [String: Entry] = [:]) {
        self.plugins = plugins
    }

    package static func path(in folder: String) -> String { Paths.join(folder, fileName) }

    /// Reads the lock in `folder`: nil when there is none. Throws (one line naming the
    /// file) when it cannot be trusted or read, and then nothing may load.
    package static func load(folder: String) throws -> PluginLock? {
        let path = path(in: folder)
        // Never through a link: one could point the lock at a file someone else controls.
        let descriptor = open(path, DataFolderGuard.readFlags)
        guard descriptor >= 0 else {
            // No lock, in a folder others can write: there is nothing to refuse here, and
            // the runtime warns about the folder itself.
            let code = errno
            if code == ENOENT { return nil }
            // Out of open files, viper cannot tell whether there is a lock: it loads nothing, as for one it cannot read.
            if OpenFileLimit.ranOut(code) { throw HostError("\(path): the plugin lock \(OpenFileLimit.line(code, subject: "it (if there is one)"))") }
            let fix = "no plugin loads until you replace it with a copy of the file you mean, or remove it and run 'viper plugins --lock'"
            if let error = DataFolderGuard.linkError(path, what: "the plugin lock", code: code, fix: fix) { throw error }
            throw HostError("\(path): the plugin lock cannot be read (\(String(cString: strerror(code)))); fix its permissions or remove it")
        }
        defer { close(descriptor) }
        if let problem = PluginTrust.dataFolderProblem(folder) {
            throw HostError("\(path): \(problem)")
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw HostError("\(path): the plugin lock is not a regular file; remove it and run 'viper plugins --lock'")
        }
        if let problem = PluginTrust.fileProblem(path: path, info: info) {
            throw HostError("\(path): \(problem.replacingOccurrences(of: "the code viper runs", with: "which plugins viper trusts"))")
        }
        let data = Data(ELFCheck.read(descriptor, offset: 0, count: Int(clamping: min(info.st_size, 64 << 20))))
        guard let lock = try? JSONDecoder().decode(PluginLock.self, from: data), (1...formatVersion).contains(lock.format) else {
            throw HostError("\(path): not a plugin lock viper can read; remove it and run 'viper plugins --lock' to write it again")
        }
        return lock
    }

    /// Writes the lock atomically (temporary file, then rename), readable by all, writable by the user only.
    package func save(folder: String) throws {
        if let problem = PluginTrust.dataFolderProblem(folder) {
            throw HostError("not writing \(Self.path(in: folder)): \(problem)")
        }
        var written = self
        written.format = Self.formatVersion
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(written) + Data("\n".utf8)
        let path = Self.path(in: folder)
        let temporary = path + ".tmp-\(getpid())"
        // A new temporary file, never a link followed (``DataFolderGuard``).
        if let failure = DataFolderGuard.replace(path, temporary: temporary, with: Array(data), what: "the plugin lock", sync: true) {
            throw failure
        }
    }

    /// Why the file at `path` with digest `sha256` must not load, or nil when it is pinned.
    package func refusal(path: String, sha256: String, lockPath: String) -> String? {
        guard let entry = plugins[path] else {
            return "refused: it is not in the plugin lock \(lockPath) (added or moved since the lock was written); "
                + "if you trust it, run 'viper plugins --lock'"
        }
        guard entry.sha256 == sha256 else {
            return "refused: it changed since it was locked (SHA-256 \(sha256.prefix(16))…, locked \(entry.sha256.prefix(16))… in \(lockPath)); "
                + "if you trust the new file, run 'viper plugins --lock'"
        }
        return nil
    }
}

/// Whether plugins are pinned, as the loader sees it.
package enum LockState {
    /// No lock: every trusted plugin may load.
    case none
    /// Only files pinned in the lock at `path` may load.
    case locked(PluginLock, path: String)
    /// A lock exists but cannot be used: nothing may load until it is fixed.
    case unusable(String)

    /// Reads the lock in the data folder `folder`.
    package static func read(folder: String) -> LockState {
        do {
            guard let lock = try PluginLock.load(folder: folder), lock.pinsFiles != false else { return .none }
            return .locked(lock, path: PluginLock.path(in: folder))
        } catch {
            return .unusable("\(error)")
        }
    }

    package var isLocked: Bool {
        if case .none = self { return false }
        return true
    }

    /// Why a file with digest `sha256` must not load, or nil.
    package func refusal(path: String, sha256: String?) -> String? {
        switch self {
        case .none:
            return nil
        case .locked(let lock, let lockPath):
            guard let sha256 else { return "refused: its SHA-256 could not be computed; check that it can be read" }
            return lock.refusal(path: path, sha256: sha256, lockPath: lockPath)
        case .unusable(let reason):
            return "refused: the plugin lock cannot be used (\(reason))"
        }
    }
}
