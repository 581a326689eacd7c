import Foundation

/// What identifies one version of a plugin file without reading it: its path,
/// size, modification and change times, inode and device. A changed stamp means
/// "scan again" (and, while a lock exists, "hash again"). The change time moves on
/// every write, `chmod` and `touch`, and cannot be set back by the file's owner.
package struct FileStamp: Hashable {
    package let path: String
    package let size: Int64
    package let modifiedNanoseconds: Int64
    package let inode: UInt64
    package let device: UInt64
    package var changedNanoseconds: Int64 = 0

    /// Reads the stamp of `path` (following links), or nil when it cannot be read.
    package static func read(_ path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileStamp(path: path, info: info)
    }

    /// The stamp of an open file found at `path`, from its `fstat`.
    package init(path: String, info: stat) {
        self.init(
            path: path, size: Int64(info.st_size),
            modifiedNanoseconds: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
            inode: UInt64(info.st_ino), device: UInt64(info.st_dev),
            changedNanoseconds: Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec))
    }

    package init(path: String, size: Int64, modifiedNanoseconds: Int64, inode: UInt64, device: UInt64, changedNanoseconds: Int64 = 0) {
        self.path = path
        self.size = size
        self.modifiedNanoseconds = modifiedNanoseconds
        self.inode = inode
        self.device = device
        self.changedNanoseconds = changedNanoseconds
    }

    /// The stamp of a file that could not be read.
    package static func missing(_ path: String) -> FileStamp {
        FileStamp(path: path, size: -1, modifiedNanoseconds: 0, inode: 0, device: 0)
    }
}
