import Foundation

/// The plugin files the scanner opened to read their run paths before its box closed
/// (``Sandbox/loadingFolders(of:keeping:)``), kept open for the loader, so that each plugin is
/// opened once, not twice: otherwise the box's prescan costs a cold start an `open`, `fstat`
/// and `close` a plugin more than loading needs, and Landlock checks every open made after the
/// box closes.
///
/// The files are kept in the order the prescan opened them, which is the order the scanner loads
/// them in, so the loader's ``take(_:)`` compares one path with the next kept one: no path is
/// hashed (a dictionary by path would cost each plugin two hashes of its path).
///
/// Invariants:
/// - A file is kept only when it was opened without following a link and is a regular file;
///   its device and inode are those `fstat` gave then.
/// - ``take(_:)`` hands out only the next kept file (a path asked for out of turn gets nil, and
///   the loader opens it by its path), at most once, and only while `fstat` on it still gives
///   that device and inode: a plugin's constructor, which runs before the next plugin loads, may
///   close or replace another plugin's descriptor, and the loader then opens the file by its path
///   as before. A descriptor that no longer matches is not closed (its number may be the
///   plugin's own now).
package final class PreopenedFiles {
    private var files: [(path: String, descriptor: Int32, device: UInt64, inode: UInt64)] = []
    /// Where in ``files`` the next file to hand out is; the ones before it were handed out or passed over.
    private var next = 0
    /// Descriptors kept at most: half the soft limit on open files, less a margin for the
    /// scanner's own, and at most 4,096.
    package let limit: Int

    package init(limit: Int = PreopenedFiles.defaultLimit()) {
        self.limit = limit
    }

    deinit {
        for file in files[next...] { close(file.descriptor) }
    }

    /// Half the soft limit on open files less 64, at most 4,096 (0 when the limit is low).
    package static func defaultLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        return max(0, min(Int(clamping: limit.rlim_cur) / 2 - 64, 4096))
    }

    /// Keeps `descriptor`, open on the regular file `path` whose `fstat` gave `status`, after the
    /// files kept before it; false (the caller closes it) when the limit is reached.
    package func keep(_ descriptor: Int32, path: String, status: stat) -> Bool {
        guard files.count < limit else { return false }
        files.append((path, descriptor, UInt64(status.st_dev), UInt64(status.st_ino)))
        return true
    }

    /// The descriptor kept for `path` when it is the next kept file, once, if it is still open on
    /// the same file; nil otherwise.
    package func take(_ path: String) -> Int32? {
        guard next < files.count, files[next].path == path else { return nil }
        let file = files[next]
        next += 1
        var status = stat()
        guard fstat(file.descriptor, &status) == 0, UInt64(status.st_dev) == file.device, UInt64(status.st_ino) == file.inode else {
            return nil
        }
        return Self.lowered(file.descriptor)
    }

    /// `descriptor` moved to the lowest free number, as the loader's own `open` would give it (one
    /// `fcntl` and one `close`): the loader hands the file to `dlopen` as `/proc/self/fd/N`, and
    /// each number not looked up there before costs the kernel a new dentry and inode, where the
    /// loader's own opens reuse one number (kept as they were, the prescan's 500 a scanner would
    /// be 500 numbers: about 3 µs a plugin). `descriptor` itself
    /// when no lower number is free.
    package static func lowered(_ descriptor: Int32) -> Int32 {
        let low = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        guard low >= 0 else { return descriptor }
        guard low < descriptor else {
            close(low)
            return descriptor
        }
        close(descriptor)
        return low
    }

    /// How many descriptors are kept now (not yet handed out or passed over).
    package var count: Int { files.count - next }
}
