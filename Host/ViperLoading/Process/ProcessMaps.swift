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
