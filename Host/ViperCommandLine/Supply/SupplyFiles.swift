import Foundation
import ViperCore

/// Writing the small files the supply commands make: a temporary file in the same folder, then a
/// rename, so a reader never sees half of one.
package enum SupplyFiles {
    /// Writes `text` to `path` with `mode`; `exclusive` refuses an existing file.
    package static func write(_ text: String, to path: String, mode: mode_t, exclusive: Bool = false) throws {
        try write(Array(text.utf8), to: path, mode: mode, exclusive: exclusive)
    }

    /// `sync` false skips the `fsync` (for files a later, synced file names by digest: a torn one is refused, not trusted).
    package static func write(_ bytes: [UInt8], to path: String, mode: mode_t, exclusive: Bool = false, sync: Bool = true) throws {
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
        guard descriptor >= 0 else {
            throw HostError("cannot write \(path): \(String(cString: strerror(errno))); check the folder")
        }
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                buffer.baseAddress.map { Glibc.write(descriptor, $0 + done, buffer.count - done) } ?? 0
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            done += count
        }
        fchmod(descriptor, mode)
        let synced = !sync || fsync(descriptor) == 0
        close(descriptor)
        guard done == bytes.count, synced else {
            unlink(temporary)
            throw HostError("cannot write \(path): the disk refused it; free some space and try again")
        }
        let moved = exclusive ? link(temporary, path) == 0 : rename(temporary, path) == 0
        let reason = String(cString: strerror(errno))
        if exclusive { unlink(temporary) }
        guard moved else {
            unlink(temporary)
            throw HostError("cannot write \(path): \(reason)")
        }
    }
}
