import Foundation

/// The files this process has mapped, from `/proc/self/maps`.
package enum ProcessMaps {
    /// The path of the first mapped file whose path ends in `suffix` (such as `/libContracts.so`),
    /// or nil. Reads the file whole: /proc files report a size of 0.
    package static func path(endingWith suffix: String) -> String? {
        let descriptor = open("/proc/self/maps", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while case let count = read(descriptor, &chunk, chunk.count), count > 0 { bytes += chunk[0..<count] }
        // A line's path starts at its first slash and runs to the end of the line.
        let ending = Array((suffix + "\n").utf8)
        var lineStart = 0
        for index in bytes.indices where bytes[index] == 0x0A {
            let line = bytes[lineStart...index]
            lineStart = index + 1
            guard line.count >= ending.count, line.suffix(ending.count).elementsEqual(ending),
                let slash = line.firstIndex(of: 0x2F)
            else { continue }
            return String(decoding: bytes[slash..<index], as: UTF8.self)
        }
        return nil
    }
}

extension ProcessMaps {
    /// One file's mappings in this process.
    package struct Image: Hashable, Sendable {
        package let device: UInt64
        package let inode: UInt64

        package init(device: UInt64, inode: UInt64) {
            self.device = device
            self.inode = inode
        }
    }

    /// The bytes mapped from each of `images` (every mapping of its device and inode: code, data,
    /// read-only data), read from /proc/self/maps once. An image not mapped is absent.
    package static func mappedBytes(of images: Set<Image>) -> [Image: UInt64] {
        guard !images.isEmpty else { return [:] }
        let descriptor = open("/proc/self/maps", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return [:] }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while case let count = read(descriptor, &chunk, chunk.count), count > 0 { bytes += chunk[0..<count] }
        var sizes: [Image: UInt64] = [:]
        for line in bytes.split(separator: 0x0A) {
            // START-END PERMS OFFSET MAJOR:MINOR INODE PATH
            let fields = line.split(separator: 0x20, maxSplits: 6, omittingEmptySubsequences: true)
            guard fields.count >= 5, let inode = UInt64(String(decoding: fields[4], as: UTF8.self)), inode != 0 else { continue }
            let range = fields[0].split(separator: 0x2D)
            let device = fields[3].split(separator: 0x3A)
            guard range.count == 2, device.count == 2,
                let start = UInt64(String(decoding: range[0], as: UTF8.self), radix: 16),
                let end = UInt64(String(decoding: range[1], as: UTF8.self), radix: 16),
                let major = UInt32(String(decoding: device[0], as: UTF8.self), radix: 16),
                let minor = UInt32(String(decoding: device[1], as: UTF8.self), radix: 16)
            else { continue }
            let image = Image(device: Self.device(major: UInt64(major), minor: UInt64(minor)), inode: inode)
            guard images.contains(image) else { continue }
            sizes[image, default: 0] += end &- start
        }
        return sizes
    }

    /// `st_dev` of a device written MAJOR:MINOR (glibc's `makedev`, which Swift does not import).
    static func device(major: UInt64, minor: UInt64) -> UInt64 {
        ((major & 0xffff_f000) << 32) | ((major & 0xfff) << 8) | ((minor & 0xffff_ff00) << 12) | (minor & 0xff)
    }
}
