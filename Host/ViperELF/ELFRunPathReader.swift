import Foundation

/// The run paths of plugin files read into one buffer kept for every file, for the scanner's
/// prescan (``Sandbox/loadingFolders(of:keeping:)``), which reads every plugin of its batch before
/// its box closes: each run path is handed over as the bytes read, so a plugin whose run path is
/// the one seen last costs no array and no `String` (arrays and strings per read would be most
/// of the prescan's cost).
///
/// It reads what ``ELFRunPaths`` describes, in the same three reads (the first KiB, the dynamic
/// segment, each run path's string), and finds the same folders in the same order.
///
/// Invariants: every offset and size is checked against what was read and the file's size; a
/// file that is malformed or not ELF has no run paths, never a trap. The bytes handed to `body`
/// are valid only during the call. Not for several threads at once (one buffer).
package final class ELFRunPathReader {
    private static let headRead = 1024
    private static let largestDynamic = 1 << 16
    private static let longestRunPath = 4096
    private static let firstRunPathRead = 512
    private static let dynamicStart = headRead
    private static let stringStart = headRead + largestDynamic

    private let buffer: UnsafeMutableRawBufferPointer

    package init() {
        buffer = .allocate(byteCount: Self.stringStart + Self.longestRunPath, alignment: 8)
    }

    deinit { buffer.deallocate() }

    /// Calls `body` with each folder (non-empty, `:`-separated) of the run paths (`DT_RPATH`,
    /// `DT_RUNPATH`) of the open file `descriptor` of `size` bytes, in order.
    package func forEachRunPath(_ descriptor: Int32, size: UInt64, _ body: (UnsafeRawBufferPointer) -> Void) {
        let headCount = fill(descriptor, at: 0, count: Self.headRead, offset: 0)
        let head = UnsafeRawBufferPointer(rebasing: buffer[0..<headCount])
        // \x7fELF, 64-bit, little-endian.
        guard headCount >= 64, head[0] == 0x7F, head[1] == 0x45, head[2] == 0x4C, head[3] == 0x46, head[4] == 2, head[5] == 1 else {
            return
        }
        let tableOffset = head.word(at: 32)
        let entrySize = Int(head.half(at: 54))
        let count = Int(head.half(at: 56))
        guard entrySize >= ELFSegment.headerSize, count > 0, tableOffset < UInt64(Int32.max) else { return }
        let start = Int(tableOffset), length = entrySize * count
        if start + length <= headCount {
            walk(UnsafeRawBufferPointer(rebasing: head[start..<start + length]), entrySize: entrySize, descriptor, size: size, body)
        } else {
            // Program headers past the first KiB: rare (a linker puts them after the ELF header).
            ELFCheck.read(descriptor, offset: tableOffset, count: length).withUnsafeBytes {
                walk($0, entrySize: entrySize, descriptor, size: size, body)
            }
        }
    }

    /// Finds the dynamic segment in the program header `table`, reads it and hands over its run paths.
    private func walk(
        _ table: UnsafeRawBufferPointer, entrySize: Int, _ descriptor: Int32, size: UInt64, _ body: (UnsafeRawBufferPointer) -> Void
    ) {
        let headerSize = ELFSegment.headerSize
        guard table.count >= headerSize,
            let at = stride(from: 0, to: table.count - headerSize + 1, by: entrySize).first(where: { table.quarter(at: $0) == ELFSegment.dynamic })
        else { return }
        let dynamicOffset = table.word(at: at + 8), dynamicSize = table.word(at: at + 32)
        guard dynamicOffset < size else { return }
        let want = Int(min(dynamicSize, UInt64(Self.largestDynamic), size - dynamicOffset))
        let got = fill(descriptor, at: Self.dynamicStart, count: want, offset: dynamicOffset)
        let entries = UnsafeRawBufferPointer(rebasing: buffer[Self.dynamicStart..<Self.dynamicStart + got])
        // First the string table (its tags may come after the run paths'), then each run path in order.
        var stringTable: UInt64?
        var stringTableSize = UInt64.max
        var hasRunPaths = false
        Self.forEachEntry(entries) { tag, value in
            switch tag {
            case 5: stringTable = value  // DT_STRTAB, an address
            case 10: stringTableSize = value  // DT_STRSZ
            case 15, 29: hasRunPaths = true  // DT_RPATH, DT_RUNPATH
            default: break
            }
        }
        guard hasRunPaths, let address = stringTable, let strings = Self.fileOffset(of: address, in: table, entrySize: entrySize) else {
            return
        }
        Self.forEachEntry(entries) { tag, start in
            guard tag == 15 || tag == 29, start < stringTableSize, strings <= UInt64.max - start, strings + start < size else { return }
            runPath(descriptor, at: strings + start, available: size - strings - start, body)
        }
    }

    /// Reads the run path string at `offset` and hands over its folders.
    private func runPath(_ descriptor: Int32, at offset: UInt64, available: UInt64, _ body: (UnsafeRawBufferPointer) -> Void) {
        // Most run paths are short: 512 bytes first, the longest only when no end was found there.
        var got = fill(descriptor, at: Self.stringStart, count: Int(min(UInt64(Self.firstRunPathRead), available)), offset: offset)
        var bytes = UnsafeRawBufferPointer(rebasing: buffer[Self.stringStart..<Self.stringStart + got])
        if bytes.offset(of: 0) == nil, available > UInt64(Self.firstRunPathRead) {
            got = fill(descriptor, at: Self.stringStart, count: Int(min(UInt64(Self.longestRunPath), available)), offset: offset)
            bytes = UnsafeRawBufferPointer(rebasing: buffer[Self.stringStart..<Self.stringStart + got])
        }
        var rest = UnsafeRawBufferPointer(rebasing: bytes[0..<(bytes.offset(of: 0) ?? bytes.count)])
        while !rest.isEmpty {
            let end = rest.offset(of: UInt8(ascii: ":")) ?? rest.count
            if end > 0 { body(UnsafeRawBufferPointer(rebasing: rest[0..<end])) }
            rest = UnsafeRawBufferPointer(rebasing: rest[min(end + 1, rest.count)...])
        }
    }

    /// Each (tag, value) of the dynamic entries `entries`, up to `DT_NULL`.
    private static func forEachEntry(_ entries: UnsafeRawBufferPointer, _ body: (UInt64, UInt64) -> Void) {
        var offset = 0
        while offset + 16 <= entries.count {
            let tag = entries.word(at: offset)
            if tag == 0 { return }  // DT_NULL
            body(tag, entries.word(at: offset + 8))
            offset += 16
        }
    }

    /// The file offset of the loaded address `address`, through the first `PT_LOAD` segment holding it
    /// (``ELFSegment/fileOffset(of:in:)`` on the raw table).
    private static func fileOffset(of address: UInt64, in table: UnsafeRawBufferPointer, entrySize: Int) -> UInt64? {
        let headerSize = ELFSegment.headerSize
        for at in stride(from: 0, to: table.count - headerSize + 1, by: entrySize) where table.quarter(at: at) == ELFSegment.loadable {
            let offset = table.word(at: at + 8), loaded = table.word(at: at + 16), fileSize = table.word(at: at + 32)
            guard loaded <= address, address - loaded < fileSize else { continue }
            let (sum, overflow) = offset.addingReportingOverflow(address - loaded)
            return overflow ? nil : sum
        }
        return nil
    }

    /// Reads up to `count` bytes at file `offset` into the buffer at `at` (fewer at the end of the
    /// file); returns how many were read. As ``ELFCheck/read(_:offset:count:)``, without an array.
    private func fill(_ descriptor: Int32, at start: Int, count: Int, offset: UInt64) -> Int {
        guard count > 0, offset <= UInt64(Int64.max) - UInt64(count), let base = buffer.baseAddress else { return 0 }
        var filled = 0
        while filled < count {
            let got = pread(descriptor, base + start + filled, count - filled, off_t(offset) + off_t(filled))
            if got <= 0 { break }
            filled += got
        }
        return filled
    }
}

extension UnsafeRawBufferPointer {
    /// Where `byte` first is (`memchr`), or nil.
    package func offset(of byte: UInt8) -> Int? {
        guard let base = baseAddress, let found = memchr(base, Int32(byte), count) else { return nil }
        return UnsafeRawPointer(found) - base
    }

    /// Whether the bytes are those of `other` (`memcmp`).
    package func sameBytes(as other: UnsafeRawBufferPointer) -> Bool {
        guard count == other.count else { return false }
        guard let base = baseAddress, let otherBase = other.baseAddress else { return true }
        return memcmp(base, otherBase, count) == 0
    }

    /// The little-endian `UInt64` at `offset` (the caller checked that 8 bytes are there).
    fileprivate func word(at offset: Int) -> UInt64 { UInt64(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
    /// The little-endian `UInt32` at `offset`.
    fileprivate func quarter(at offset: Int) -> UInt32 { UInt32(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
    /// The little-endian `UInt16` at `offset`.
    fileprivate func half(at offset: Int) -> UInt16 { UInt16(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt16.self)) }
}
