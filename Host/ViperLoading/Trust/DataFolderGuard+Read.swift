import Foundation
import ViperCore
import ViperELF

/// Reading the files in the data folder that decide what viper trusts or does (`config.json`,
/// `plugins.lock`): opened without following a symbolic link, so a link there cannot point viper
/// at a file someone else controls. A link, or anything but a regular file, is an error of one
/// line that says what was wrong and what to do; the file and the link are left as they are.
extension DataFolderGuard {
    /// The flags every such read opens with: no link followed, no wait on a FIFO.
    package static let readFlags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC

    /// The error for a `what` at `path` that `open` refused with `code`, or nil when `code` is not
    /// a link's (`ELOOP`; `EMLINK` on some file systems).
    package static func linkError(_ path: String, what: String, code: Int32, fix: String) -> HostError? {
        guard code == ELOOP || code == EMLINK else { return nil }
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map { " (to \($0))" } ?? ""
        return HostError(
            "\(path): \(what) is a symbolic link\(target), and viper reads it only from a regular file in the data folder, "
                + "because a link could point it at a file someone else controls; \(fix)")
    }

    /// The bytes of the regular file at `path` (at most 64 MiB), read without following a link;
    /// nil when there is none. Throws, naming `what` and the fix, for a link or another kind of file.
    package static func readRegularFile(_ path: String, what: String, fix: String) throws -> [UInt8]? {
        let descriptor = open(path, readFlags)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            if let error = linkError(path, what: what, code: code, fix: fix) { throw error }
            if OpenFileLimit.ranOut(code) { throw HostError("\(path): \(what) \(OpenFileLimit.line(code, subject: "it"))") }
            throw HostError("\(path): \(what) cannot be read (\(String(cString: strerror(code)))); fix its permissions, or \(fix)")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw HostError("\(path): \(what) is not a regular file; \(fix)")
        }
        return ELFCheck.read(descriptor, offset: 0, count: Int(clamping: min(info.st_size, 64 << 20)))
    }

    /// The bytes of the regular file at `path`, at most `limit` of them, read without following a
    /// link and without waiting on a FIFO; nil when there is none, or it is a link or another kind
    /// of file. For files a process viper does not trust could have replaced (the crash frames,
    /// the crash memory), where any of those means there is nothing to read.
    package static func regularFileBytes(_ path: String, limit: Int) -> [UInt8]? {
        let descriptor = open(path, readFlags)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return ELFCheck.read(descriptor, offset: 0, count: Int(clamping: min(Int(info.st_size), limit)))
    }
}
