import Foundation

/// What an open descriptor refers to (device and inode): plugin code runs in the shell's process,
/// and may close one of its standard descriptors or put another file in its place, which the
/// shell's next read or write would otherwise take for the end of its input or a lost screen.
struct DescriptorIdentity: Equatable {
    let device: UInt64
    let inode: UInt64

    /// What `descriptor` refers to now, or nil when it is not open.
    static func of(_ descriptor: Int32) -> DescriptorIdentity? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return DescriptorIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}
