import Foundation
import ViperCore
import ViperLoading

/// Pinning: `viper plugins --lock` writes the SHA-256 of every plugin in use to
/// `plugins.lock`, and `--unlock` removes it (see ``PluginLock``).
extension HostRuntime {
    /// One plugin written to the lock.
    package struct LockedPlugin: Sendable {
        package let name: String
        package let path: String
        package let sha256: String
    }

    /// Writes `plugins.lock` with the SHA-256 of every plugin in use (ready or loaded) and of
    /// every contract library that was not refused, and returns its path and what it pinned. Start the runtime with
    /// ``RuntimeOptions/ignoreLock`` so plugins an older lock refused are in use again.
    /// Throws before ``start()``: a runtime that has not looked at its plugins would pin none.
    package func writeLock() throws -> (path: String, plugins: [LockedPlugin]) {
        guard isStarted else {
            throw HostError("the plugin lock is written from the plugins in use; start the runtime first")
        }
        let usable = records.filter { ($0.status == .ready || $0.status == .loaded) && $0.name != nil }
        var lock = PluginLock()
        // What the lock says of signed plugins (publishers, revocations, indexes) stays: only the file pins are rewritten.
        if let old = try? PluginLock.load(folder: dataFolder) {
            lock.publishers = old.publishers
            lock.revoked = old.revoked
            lock.indexes = old.indexes
        }
        var locked: [LockedPlugin] = []
        for record in usable {
            guard let name = record.name else { continue }
            guard let sha256 = try state.withLock({ digests[record.path]?.sha256 }) ?? Self.digest(ofFileAt: record.path) else {
                throw HostError("\(record.path): cannot compute its SHA-256; check that the file is readable, then run 'viper plugins --lock' again")
            }
            lock.plugins[record.path] = PluginLock.Entry(name: name, sha256: sha256)
            locked.append(LockedPlugin(name: name, path: record.path, sha256: sha256))
        }
        // Contract libraries are pinned as plugins are: a library swapped after locking would run in every plugin that links it.
        for library in contractLibraries where library.status != .refused {
            guard let sha256 = try Self.digest(ofFileAt: library.path) else {
                throw HostError("\(library.path): cannot compute its SHA-256; check that the file is readable, then run 'viper plugins --lock' again")
            }
            let name = "\(library.name) (contract library)"
            lock.plugins[library.path] = PluginLock.Entry(name: name, sha256: sha256)
            locked.append(LockedPlugin(name: name, path: library.path, sha256: sha256))
        }
        try lock.save(folder: dataFolder)
        logger?.log(.info, "locked \(locked.count) plugin(s) in \(PluginLock.path(in: dataFolder))", source: "loader")
        return (PluginLock.path(in: dataFolder), locked)
    }

    /// SHA-256 of a plugin file as it is now, for pinning one that was scanned without a lock.
    static func digest(ofFileAt path: String) throws -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw HostError("\(path): cannot be read (\(String(cString: strerror(errno)))); check its permissions, then lock again")
        }
        defer { close(descriptor) }
        return SHA256.hex(ofFile: descriptor)
    }

    /// Removes `plugins.lock`; returns its path, or nil when there was none.
    package func removeLock() throws -> String? {
        let path = PluginLock.path(in: dataFolder)
        // A lock that also pins publishers or holds revocations keeps them, and stops pinning files.
        if var old = try? PluginLock.load(folder: dataFolder), old.publishers != nil || old.revoked != nil || old.indexes != nil {
            old.plugins = [:]
            old.pinsFiles = false
            try old.save(folder: dataFolder)
            logger?.log(.info, "the plugin lock \(path) no longer pins files (it keeps its publishers and revocations)", source: "loader")
            return path
        }
        guard unlink(path) == 0 else {
            if errno == ENOENT { return nil }
            throw HostError("cannot remove the plugin lock \(path): \(String(cString: strerror(errno)))")
        }
        logger?.log(.info, "removed the plugin lock \(path)", source: "loader")
        return path
    }
}
