import Foundation

/// The first look ``ContractLibraryELF/sniff(path:)`` takes at every plugin file that start-up
/// does not already know (each file at a cold start): whether any section is named
/// `viper_contract_library` or `viper_conformance_kit`. Nearly every file has neither, and then
/// the `.record` read says nothing more, so a file without them costs this look alone.
///
/// It answers exactly what a `.record` read would find (``record`` or ``hasKitRecord`` set), by
/// the same rules as ``ELFSections`` (the same bounds, the same extended numbering, the same
/// 1 MiB limit on the name table). It reads the header, the name table's section header and the
/// name table; only when the names hold one of the two anywhere does it read the section table,
/// into one buffer, and compare each section's name in place: no array per read, no
/// ``ELFSections/Section`` per header; what it still costs is mostly the kernel's copies of the
/// section table, which is why the table is read only when a name can be there.
extension ContractLibraryELF {
    private static let headerSize = 64
    private static let nameLimit = 1 << 20
    private static let recordName = Array(sectionName.utf8) + [0]
    private static let kitName = Array(kitSectionName.utf8) + [0]

    /// Whether the open ELF file `descriptor` of `size` bytes has a section named as a contract
    /// library's or ConformanceKit's record; false for anything that is not a 64-bit little-endian
    /// ELF file with a section table (as ``ELFSections`` reads none there).
    package static func namesRecordSection(descriptor: Int32, size: UInt64) -> Bool {
        withUnsafeTemporaryAllocation(byteCount: headerSize, alignment: 8) { header in
            guard fill(header, from: descriptor, at: 0) == headerSize else { return false }
            let ident = header.load(as: UInt32.self)
            guard UInt32(littleEndian: ident) == 0x464C_457F, header[4] == 2, header[5] == 1 else { return false }
            let tableOffset = UInt64(littleEndian: header.loadUnaligned(fromByteOffset: 40, as: UInt64.self))
            let entrySize = Int(UInt16(littleEndian: header.loadUnaligned(fromByteOffset: 58, as: UInt16.self)))
            let count = Int(UInt16(littleEndian: header.loadUnaligned(fromByteOffset: 60, as: UInt16.self)))
            let namesIndex = Int(UInt16(littleEndian: header.loadUnaligned(fromByteOffset: 62, as: UInt16.self)))
            guard tableOffset != 0, entrySize >= headerSize, tableOffset < size else { return false }
            let table = (offset: tableOffset, entrySize: entrySize, count: count)
            if namesIndex != 0xFFFF, namesLackBoth(descriptor, size: size, table: table, namesIndex: namesIndex) == true { return false }
            return scanTable(descriptor, size: size, at: tableOffset, entrySize: entrySize, count: count, namesIndex: namesIndex)
        }
    }

    /// Reads the section table and the name table, then compares each section's name.
    private static func scanTable(_ descriptor: Int32, size: UInt64, at tableOffset: UInt64, entrySize: Int, count: Int, namesIndex: Int) -> Bool {
        var count = count
        if count == 0 {  // extended numbering: the real count is the first section's size
            count = withUnsafeTemporaryAllocation(byteCount: headerSize, alignment: 8) { first in
                let got = fill(first, from: descriptor, at: tableOffset)
                return got >= 40 ? Int(clamping: UInt64(littleEndian: first.loadUnaligned(fromByteOffset: 32, as: UInt64.self))) : 0
            }
        }
        count = min(count, 65_536, Int(clamping: (size - tableOffset) / UInt64(entrySize)))
        guard count > 0 else { return false }
        let table = UnsafeMutableRawBufferPointer.allocate(byteCount: count * entrySize, alignment: 8)
        defer { table.deallocate() }
        let whole = fill(table, from: descriptor, at: tableOffset) / entrySize  // a short read keeps the headers read whole
        guard whole > 0 else { return false }
        func field<T: FixedWidthInteger>(_ section: Int, _ offset: Int, as _: T.Type) -> T {
            T(littleEndian: table.loadUnaligned(fromByteOffset: section * entrySize + offset, as: T.self))
        }
        let names = namesIndex == 0xFFFF ? Int(field(0, 40, as: UInt32.self)) : namesIndex  // SHN_XINDEX
        guard names < whole, field(names, 4, as: UInt32.self) != ELFSections.noBits else { return false }
        let namesOffset = field(names, 24, as: UInt64.self)
        guard namesOffset < size else { return false }
        let namesLength = Int(min(field(names, 32, as: UInt64.self), size - namesOffset, UInt64(nameLimit)))
        guard namesLength > 0 else { return false }
        let strings = UnsafeMutableRawBufferPointer.allocate(byteCount: namesLength, alignment: 1)
        defer { strings.deallocate() }
        let read = UnsafeRawBufferPointer(rebasing: strings[0..<fill(strings, from: descriptor, at: namesOffset)])
        let (record, kit) = (recordName, kitName)  // read once: each static's accessor is a call
        for section in 0..<whole {
            let name = Int(field(section, 0, as: UInt32.self))
            // Both names start with "v"; nearly every other section's starts with ".".
            guard name < read.count, read[name] == UInt8(ascii: "v") else { continue }
            if has(record, in: read, at: name) || has(kit, in: read, at: name) { return true }
        }
        return false
    }

    /// True when the name table holds neither name anywhere, so no section can bear one: the
    /// section table need not be read (3 KiB of a Swift plugin's, against 600 bytes of names;
    /// the sniff's time is mostly the kernel's copies). Nil when it cannot tell
    /// (extended numbering, a name table that cannot be read whole): ``scanTable`` decides then.
    private static func namesLackBoth(_ descriptor: Int32, size: UInt64, table: (offset: UInt64, entrySize: Int, count: Int), namesIndex: Int) -> Bool? {
        let count = min(table.count, 65_536, Int(clamping: (size - table.offset) / UInt64(table.entrySize)))
        guard namesIndex < count else { return nil }
        return withUnsafeTemporaryAllocation(byteCount: headerSize, alignment: 8) { header -> Bool? in
            let at = table.offset + UInt64(namesIndex * table.entrySize)
            guard fill(header, from: descriptor, at: at) == headerSize else { return nil }
            func field<T: FixedWidthInteger>(_ offset: Int, as _: T.Type) -> T {
                T(littleEndian: header.loadUnaligned(fromByteOffset: offset, as: T.self))
            }
            let namesOffset = field(24, as: UInt64.self)
            guard field(4, as: UInt32.self) != ELFSections.noBits, namesOffset < size else { return nil }
            let length = Int(min(field(32, as: UInt64.self), size - namesOffset, UInt64(nameLimit)))
            guard length > 0 else { return nil }
            let strings = UnsafeMutableRawBufferPointer.allocate(byteCount: length, alignment: 1)
            defer { strings.deallocate() }
            let read = UnsafeRawBufferPointer(rebasing: strings[0..<fill(strings, from: descriptor, at: namesOffset)])
            return !containsEither(read)
        }
    }

    /// Whether either name occurs anywhere in `table`. Both start with "v", found with `memchr`
    /// (a name table has a few: `.gnu.version` and its kin), so a plugin's costs a few compares.
    private static func containsEither(_ table: UnsafeRawBufferPointer) -> Bool {
        guard let base = table.baseAddress else { return false }
        let (record, kit) = (recordName, kitName)
        var offset = 0
        while offset < table.count, let found = memchr(base + offset, Int32(UInt8(ascii: "v")), table.count - offset) {
            let at = base.distance(to: UnsafeRawPointer(found))
            if has(record, in: table, at: at) || has(kit, in: table, at: at) { return true }
            offset = at + 1
        }
        return false
    }

    /// Whether `table` holds `name` (with its terminator) at `offset`.
    private static func has(_ name: [UInt8], in table: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        guard offset <= table.count - name.count, let base = table.baseAddress else { return false }
        return name.withUnsafeBytes { wanted in
            guard let start = wanted.baseAddress else { return false }
            return memcmp(base + offset, start, name.count) == 0
        }
    }

    /// Reads into `buffer` from `offset` until it is full or the file ends; the bytes read.
    private static func fill(_ buffer: UnsafeMutableRawBufferPointer, from descriptor: Int32, at offset: UInt64) -> Int {
        var filled = 0
        while filled < buffer.count {
            let got = pread(descriptor, buffer.baseAddress.map { $0 + filled }, buffer.count - filled, off_t(offset) + off_t(filled))
            if got <= 0 { break }
            filled += got
        }
        return filled
    }
}
