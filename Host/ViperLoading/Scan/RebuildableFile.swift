import Foundation
import ViperCore

/// A file viper can always make again from the plugin files (the descriptor cache, the kept
/// graph), replaced whole: written to a temporary file beside it, then renamed over it.
///
/// Without `fsync`, on purpose. A reader never sees half a file (the rename is atomic), and
/// each is checked whole when read: if a power cut leaves one empty or torn, the next start
/// warns and rebuilds it, and nothing a user made is lost. Foundation's `createFile` wrote a
/// second temporary file and synced it, about half a millisecond on every start that writes.
package enum RebuildableFile {
    /// Replaces the file at `path` with `bytes`; `what` names it in an error ("the plugin cache").
    /// On failure the old file is untouched and the temporary file removed.
    package static func replace(_ path: String, with bytes: [UInt8], what: String) throws {
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw HostError("cannot write \(what) \(temporary) (\(String(cString: strerror(errno)))); check the data folder's permissions")
        }
        let failure = writeAll(bytes, to: descriptor)
        close(descriptor)
        if let failure {
            unlink(temporary)
            throw HostError("cannot write \(what) \(temporary) (\(String(cString: strerror(failure)))); it is rebuilt on the next start")
        }
        guard rename(temporary, path) == 0 else {
            let failure = errno
            unlink(temporary)
            throw HostError("cannot replace \(what) \(path): \(String(cString: strerror(failure)))")
        }
    }

    /// Writes every byte; returns the `errno` that stopped it, or nil.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
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
}
