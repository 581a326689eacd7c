import Foundation
import ViperLoading
import ViperRuntime

/// The shell's `history` file in the data folder: one command a line, the newest last, at most
/// ``ReadlineReader/historyLimit`` lines after a session.
///
/// Read, appended and cut here rather than by readline, whose `append_history` and
/// `history_truncate_file` follow a symbolic link: a `history` link to `~/.bashrc` had that file
/// cut to its last 1,000 lines. Every open here refuses a link (`O_NOFOLLOW`), and the cut
/// writes a new file and renames it over the name (``DataFolderGuard``).
enum HistoryFile {
    /// The lines of the history file at `path`; empty when it is missing, a link or not a regular file.
    static func read(_ path: String) -> [String] {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return [] }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[0..<count]
        }
        return bytes.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Adds `line` at the end of the history file at `path` (made, readable by the user only, when
    /// missing). Returns false, writing nothing, when it is a link or cannot be opened.
    @discardableResult
    static func append(_ line: String, to path: String) -> Bool {
        let descriptor = DataFolderGuard.openForWriting(path, flags: O_CREAT | O_APPEND | O_NONBLOCK, mode: 0o600)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        return DataFolderGuard.writeAll(Array((line + "\n").utf8), to: descriptor) == nil
    }

    /// Keeps the last `limit` lines of the history file at `path`; a file that is not longer is left as it is.
    static func truncate(_ path: String, keeping limit: Int) {
        let lines = read(path)
        guard lines.count > limit else { return }
        let kept = lines.suffix(limit).joined(separator: "\n") + "\n"
        _ = DataFolderGuard.replace(path, temporary: path + ".tmp-\(getpid())", with: Array(kept.utf8), what: "the history", mode: 0o600)
    }
}
