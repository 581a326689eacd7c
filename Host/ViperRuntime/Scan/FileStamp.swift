import Foundation

/// What identifies one version of a plugin file without reading it: its path,
/// size, modification time and inode. A changed stamp means "scan again".
struct FileStamp: Codable, Hashable {
    let path: String
    let size: Int64
    let modifiedNanoseconds: Int64
    let inode: UInt64
    let device: UInt64

    /// Reads the stamp of `path` (following links), or nil when it cannot be read.
    static func read(_ path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let nanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        return FileStamp(path: path, size: Int64(info.st_size), modifiedNanoseconds: nanoseconds,
                         inode: UInt64(info.st_ino), device: UInt64(info.st_dev))
    }
}
