import Foundation

/// The program headers of a 64-bit little-endian ELF file: what the dynamic loader maps. The
/// reader of them that ``ELFCheck`` (every loadable segment inside the file) and ``ELFRunPaths``
/// (the dynamic segment, found as the loader finds it) share, as ``ELFSections`` is for sections.
///
/// Invariant: a table that is malformed or lies past what can be read gives fewer segments or
/// none, never a trap; offsets and sizes are the file's own and are checked by the caller.
package struct ELFSegment {
    /// `PT_LOAD`: a segment the loader maps.
    package static let loadable: UInt32 = 1
    /// `PT_DYNAMIC`: the dynamic section's entries.
    package static let dynamic: UInt32 = 2
    /// An `Elf64_Phdr`'s size.
    package static let headerSize = 56

    package let type: UInt32
    package let offset: UInt64
    /// `p_vaddr`: where it is mapped, relative to the load address.
    package let address: UInt64
    package let fileSize: UInt64

    /// The program headers that the 64-byte ELF header `header` describes: from `head` (the
    /// file's first bytes, `header` among them) when they lie inside it, else read from `descriptor`.
    package static func table(_ descriptor: Int32, head: [UInt8]) -> [ELFSegment] {
        let tableOffset = UInt64(littleEndian: head, at: 32)
        let entrySize = Int(UInt16(littleEndian: head, at: 54))
        let count = Int(UInt16(littleEndian: head, at: 56))
        guard entrySize >= headerSize, count > 0, tableOffset < UInt64(Int32.max) else { return [] }
        let length = entrySize * count
        let table =
            Int(tableOffset) + length <= head.count
            ? Array(head[Int(tableOffset)..<(Int(tableOffset) + length)])
            : ELFCheck.read(descriptor, offset: tableOffset, count: length)
        return stride(from: 0, to: table.count - headerSize + 1, by: entrySize).map { at in
            ELFSegment(
                type: UInt32(littleEndian: table, at: at), offset: UInt64(littleEndian: table, at: at + 8),
                address: UInt64(littleEndian: table, at: at + 16), fileSize: UInt64(littleEndian: table, at: at + 32))
        }
    }

    /// The file offset of the loaded address `address`, through the `PT_LOAD` segment holding it.
    package static func fileOffset(of address: UInt64, in segments: [ELFSegment]) -> UInt64? {
        guard let load = segments.first(where: { $0.type == loadable && $0.address <= address && address - $0.address < $0.fileSize }) else {
            return nil
        }
        let (offset, overflow) = load.offset.addingReportingOverflow(address - load.address)
        return overflow ? nil : offset
    }
}
