import Foundation

/// The run paths (`DT_RUNPATH`, `DT_RPATH`) of a 64-bit little-endian ELF file, found the way
/// the dynamic loader finds them: through the program headers' dynamic segment, not the section
/// headers. The scanner's sandbox (``Sandbox/loadingFolders(of:)``) reads them for every plugin
/// before its box closes, so this reads little: the first KiB (the ELF header and, in the files
/// linkers write, the program headers), the dynamic segment, and each run path's string
/// (three reads, about 2 KiB, where ``ELFLinkage`` reads every section header, the section names
/// and the whole dynamic string table, tens of KiB for a Swift plugin).
///
/// Invariants: every offset and size is checked against what was read and the file's size;
/// anything malformed or not ELF reads as no run paths, never as a crash. The folders are those
/// ``ELFLinkage/runPaths`` gives for the same file (`ELFRunPathsTests` holds it to that).
package enum ELFRunPaths {
    private static let headRead = 1024
    private static let largestDynamic: UInt64 = 1 << 16
    private static let longestRunPath = 4096

    /// The run path folders of the open file `descriptor` of `size` bytes, in order.
    package static func read(_ descriptor: Int32, size: UInt64) -> [String] {
        let head = ELFCheck.read(descriptor, offset: 0, count: headRead)
        // \x7fELF, 64-bit, little-endian.
        guard head.count >= 64, head[0] == 0x7F, head[1] == 0x45, head[2] == 0x4C, head[3] == 0x46, head[4] == 2, head[5] == 1 else {
            return []
        }
        let segments = ELFSegment.table(descriptor, head: head)
        guard let dynamic = segments.first(where: { $0.type == ELFSegment.dynamic }), dynamic.offset < size else { return [] }  // PT_DYNAMIC
        let entries = ELFCheck.read(descriptor, offset: dynamic.offset, count: Int(min(dynamic.fileSize, largestDynamic, size - dynamic.offset)))
        var stringTable: UInt64?
        var stringTableSize = UInt64.max
        var runPaths: [UInt64] = []
        var offset = 0
        while offset + 16 <= entries.count {
            let tag = UInt64(littleEndian: entries, at: offset)
            let value = UInt64(littleEndian: entries, at: offset + 8)
            offset += 16
            switch tag {
            case 0: offset = entries.count  // DT_NULL
            case 5: stringTable = value  // DT_STRTAB, an address
            case 10: stringTableSize = value  // DT_STRSZ
            case 15, 29: runPaths.append(value)  // DT_RPATH, DT_RUNPATH
            default: break
            }
        }
        guard !runPaths.isEmpty, let address = stringTable, let table = ELFSegment.fileOffset(of: address, in: segments) else { return [] }
        return runPaths.flatMap { start -> [String] in
            guard start < stringTableSize, table <= UInt64.max - start, table + start < size else { return [] }
            let available = size - table - start
            // Most run paths are short: 512 bytes first, the longest only when no end was found there.
            var bytes = ELFCheck.read(descriptor, offset: table + start, count: Int(min(512, available)))
            if !bytes.contains(0), available > 512 {
                bytes = ELFCheck.read(descriptor, offset: table + start, count: Int(min(UInt64(longestRunPath), available)))
            }
            let text = bytes.prefix { $0 != 0 }
            return text.split(separator: UInt8(ascii: ":")).map { String(decoding: $0, as: UTF8.self) }
        }
    }
}
