import Foundation
import ViperCore

/// The rules for every file viper writes in the data folder (history, descriptor cache, kept
/// graph, `viper.log`, `plugins.lock`, databases), so the folder is never a trap:
///
/// - A file is opened without following a symbolic link (`O_NOFOLLOW`; SQLite's
///   `SQLITE_OPEN_NOFOLLOW`), and a new file is made with `O_EXCL`: a `history` link to
///   `~/.bashrc` is refused, never written through. A file replaced whole is written to a new
///   temporary file and renamed over the old name, which replaces a link instead of its target.
/// - A data folder another account owns or may write gets no write at all, for the whole
///   session: such an account could put a link where viper is about to write, or read what it
///   wrote. Start-up says so in one line (``writeProblem(_:user:)``) with the fix.
package enum DataFolderGuard {
    /// Why viper must not write in the data folder at `path`, as one line with the fix, or nil
    /// when it may. Missing: nil (it is made by the user's own viper).
    package static func writeProblem(_ path: String, user: uid_t = geteuid()) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let head = "viper writes nothing in the data folder \(path) this session (no history, log, cache or databases): "
        guard info.st_mode & S_IFMT == S_IFDIR else {
            return head + "it is not a folder; choose a data folder of your own with --data DIR"
        }
        if info.st_uid != user && info.st_uid != 0 {
            return head + "it belongs to uid \(info.st_uid), not to you (uid \(user)) or root, so its owner could swap a file "
                + "viper writes for a link to one of yours; choose a data folder of your own with --data DIR"
        }
        let writable = info.st_mode & (S_IWGRP | S_IWOTH)
        guard writable != 0 else { return nil }
        let who = writable & S_IWOTH == 0 ? "its group" : (writable & S_IWGRP == 0 ? "everyone" : "its group and everyone")
        return head + "it can be written by \(who) (mode \(String(info.st_mode & 0o7777, radix: 8))), so another account "
            + "could swap a file viper writes for a link to one of yours; run 'chmod go-w \(path)' or choose another with --data DIR"
    }

    /// Opens `path` for writing without following a link; `flags` adds to `O_WRONLY | O_NOFOLLOW | O_CLOEXEC`.
    /// Returns the descriptor, or -1 with `errno` set (`ELOOP` for a link).
    package static func openForWriting(_ path: String, flags: Int32, mode: mode_t = 0o644) -> Int32 {
        open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC | flags, mode)
    }

    /// Makes the file at `path` afresh, for reading and writing when `readable`: a stale one, or a
    /// link put there, is removed first, never followed, and the new file is made with `O_EXCL`.
    /// Returns the descriptor, or -1 with `errno` set.
    package static func makeFresh(_ path: String, readable: Bool = false, mode: mode_t = 0o600) -> Int32 {
        unlink(path)
        return open(path, (readable ? O_RDWR : O_WRONLY) | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
    }

    /// Makes `temporary` afresh (a stale one, or a link put there, is removed first, never followed),
    /// writes `bytes` to it (and syncs it when `sync`) and renames it to `path`. Returns nil, or what
    /// failed as an error naming `what`.
    package static func replace(
        _ path: String, temporary: String, with bytes: [UInt8], what: String, mode: mode_t = 0o644,
        sync: Bool = false
    ) -> HostError? {
        let descriptor = makeFresh(temporary, mode: mode)
        guard descriptor >= 0 else {
            return HostError("cannot write \(what) \(temporary) (\(String(cString: strerror(errno)))); check the data folder's permissions")
        }
        var failure = writeAll(bytes, to: descriptor)
        if failure == nil, sync, fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        if let failure {
            unlink(temporary)
            return HostError("cannot write \(what) \(temporary) (\(String(cString: strerror(failure))))")
        }
        guard rename(temporary, path) == 0 else {
            let failure = errno
            unlink(temporary)
            return HostError("cannot replace \(what) \(path): \(String(cString: strerror(failure)))")
        }
        return nil
    }

    /// Writes every byte; returns the `errno` that stopped it, or nil.
    package static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return nil }
            var offset = 0
            while offset < raw.count {
                let written = write(descriptor, base + offset, raw.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return written < 0 ? errno : EIO }
                offset += written
            }
            return nil
        }
    }

    /// Whether the file at `path` is a symbolic link (not followed).
    package static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }
}
