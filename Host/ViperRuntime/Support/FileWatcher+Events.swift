import Foundation
import ViperLoading

/// The inotify side of ``FileWatcher``: which folders carry a watch, and what each event means.
/// Runs on the watcher's thread only (and once in `init`, before the thread starts).
extension FileWatcher {
    /// What a watched target folder hears: its files' changes, its subfolders, and its own removal.
    static let folderMask =
        UInt32(IN_CREATE | IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_ATTRIB | IN_MODIFY)
        | UInt32(IN_DELETE_SELF | IN_MOVE_SELF) | UInt32(IN_ONLYDIR)
    /// What the nearest existing parent of a missing folder hears: a folder appearing in it.
    static let parentMask = UInt32(IN_CREATE | IN_MOVED_TO) | UInt32(IN_DELETE_SELF | IN_MOVE_SELF) | UInt32(IN_ONLYDIR)

    /// Puts a watch on every folder a target needs now (the target folder, its subfolders when
    /// recursive, or the nearest existing parent of a missing one) and drops the watches no
    /// longer needed. With `reportingNew`, the files of a target folder that was not watched
    /// before are reported as changed (it appeared, with what was put in it). Returns whether
    /// anything was added.
    @discardableResult
    func arm(reportingNew: Bool) -> Bool {
        // The folders move while they are chosen and watched, so the watches are chosen again
        // until a pass changes nothing: a folder can vanish before its watch is set (a tree
        // removed while its events are read), and nothing would be left watching; or a missing
        // folder can appear just before its parent's watch is set (`mkdir -p` racing the event
        // of its first part), and the parent would never hear of it.
        var added = false
        for _ in 0..<16 {
            let pass = armOnce(reportingNew: reportingNew)
            added = added || pass.added
            guard pass.vanished || pass.added else { break }
        }
        return added
    }

    /// One pass of ``arm(reportingNew:)``: what it added, and whether a folder vanished before its watch was set.
    private func armOnce(reportingNew: Bool) -> (added: Bool, vanished: Bool) {
        var wanted: [String: UInt32] = [:]
        for target in targets {
            let folder = target.folder
            guard Self.isFolder(folder) else {
                if let parent = Self.nearestExistingParent(of: folder) { wanted[parent, default: 0] |= Self.parentMask }
                continue
            }
            wanted[folder, default: 0] |= Self.folderMask
            if target.recursive {
                for subfolder in Self.subfolders(of: folder) { wanted[subfolder, default: 0] |= Self.folderMask }
            }
        }
        for (path, watch) in watches where wanted[path] == nil {
            inotify_rm_watch(inotify, watch.descriptor)
            paths[watch.descriptor] = nil
            watches[path] = nil
        }
        var added = false, vanished = false
        for (path, mask) in wanted.sorted(by: { $0.key < $1.key }) where watches[path]?.mask != mask {
            let wasFolderWatch = (watches[path]?.mask ?? 0) & UInt32(IN_CLOSE_WRITE) != 0
            let descriptor = inotify_add_watch(inotify, path, mask)
            guard descriptor >= 0 else {
                // Vanished meanwhile: choose again. Out of watches: what is watched still hears what it can.
                if errno == ENOENT || errno == ENOTDIR { vanished = true }
                continue
            }
            if let old = watches[path], old.descriptor != descriptor { paths[old.descriptor] = nil }
            watches[path] = (descriptor, mask)
            paths[descriptor] = path
            added = true
            if reportingNew, !wasFolderWatch, mask & UInt32(IN_CLOSE_WRITE) != 0 { reportFiles(in: path) }
        }
        return (added, vanished)
    }

    /// Reports every file a target accepts in `folder` (a folder that just appeared).
    private func reportFiles(in folder: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names {
            let path = Paths.join(folder, name)
            if !Self.isFolder(path), accepts(path) { touch(path, writing: false) }
        }
    }

    /// Whether some target counts the file at `path`.
    func accepts(_ path: String) -> Bool {
        let folder = Paths.parent(path), name = Paths.lastComponent(path)
        return targets.contains { target in
            if target.isFile { return target.path == path }
            guard folder == target.path || (target.recursive && folder.hasPrefix(target.path + "/")) else { return false }
            return target.accepts(name)
        }
    }

    /// Reads every event waiting on the inotify descriptor and notes the paths they touch.
    func readEvents() {
        var needsArm = false
        let size = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = read(inotify, buffer, size)
            guard count > 0 else { break }
            var offset = 0
            while offset + 16 <= count {
                let descriptor = buffer.load(fromByteOffset: offset, as: Int32.self)
                let mask = buffer.load(fromByteOffset: offset + 4, as: UInt32.self)
                let length = Int(buffer.load(fromByteOffset: offset + 12, as: UInt32.self))
                let nameBytes = UnsafeRawBufferPointer(start: buffer + offset + 16, count: min(length, count - offset - 16))
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                offset += 16 + length
                if handle(descriptor: descriptor, mask: mask, name: name) { needsArm = true }
            }
        }
        if needsArm { arm(reportingNew: true) }
    }

    /// Notes one event; returns whether the watches must be looked at again.
    private func handle(descriptor: Int32, mask: UInt32, name: String) -> Bool {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            // Events were lost: every file the targets count may have changed.
            for folder in watches.filter({ $0.value.mask & UInt32(IN_CLOSE_WRITE) != 0 }).keys { reportFiles(in: folder) }
            return true
        }
        guard let folder = paths[descriptor] else { return false }
        if mask & UInt32(IN_IGNORED) != 0 {
            paths[descriptor] = nil
            if watches[folder]?.descriptor == descriptor { watches[folder] = nil }
            return true
        }
        if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
            // Removed, or moved away (its watch would follow it to a path no target names): forget
            // it, so a folder made or moved to the same path gets a watch of its own.
            inotify_rm_watch(inotify, descriptor)
            paths[descriptor] = nil
            if watches[folder]?.descriptor == descriptor { watches[folder] = nil }
            return true
        }
        guard !name.isEmpty else { return false }
        let path = Paths.join(folder, name)
        if mask & UInt32(IN_ISDIR) != 0 {
            if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0, isInsideRecursiveTarget(path) { touch(path, writing: false) }
            return mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0
        }
        guard accepts(path) else { return false }
        let writing: Bool? =
            mask & UInt32(IN_CLOSE_WRITE) != 0
            ? false
            : mask & UInt32(IN_MODIFY) != 0
                ? true
                : mask & UInt32(IN_CREATE) != 0 ? nil : false
        touch(path, writing: writing)
        return false
    }

    private func isInsideRecursiveTarget(_ path: String) -> Bool {
        targets.contains { $0.recursive && path.hasPrefix($0.path + "/") }
    }

    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// The nearest folder above `path` that exists ("/" at worst).
    static func nearestExistingParent(of path: String) -> String? {
        var current = Paths.parent(path)
        while !isFolder(current) {
            let next = Paths.parent(current)
            guard next != current else { return nil }
            current = next
        }
        return current
    }

    /// Every folder below `folder`, leaving out hidden ones (`.build`, `.git`).
    static func subfolders(of folder: String) -> [String] {
        var found: [String] = []
        var queue = [folder]
        while let next = queue.popLast() {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: next)) ?? []
            for name in names where !name.hasPrefix(".") {
                let path = Paths.join(next, name)
                if isFolder(path) {
                    found.append(path)
                    queue.append(path)
                }
            }
        }
        return found
    }
}
