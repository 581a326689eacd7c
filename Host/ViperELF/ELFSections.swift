import Foundation

/// The one reader of an ELF file's section table, shared by everything that looks inside a
/// plugin or a contract library before `dlopen` (``ELFLinkage``, ``ContractLibraryELF``,
/// ``ProtocolRequirementTable``).
/// It reads the 64-byte header and the section header table once, then hands out sections'
/// bytes, names and dynamic entries on request.
///
/// Invariants, because the file is untrusted input:
/// - every offset and size is checked against the file's `size`; a section that reaches past
///   the end is cut at the end, a table that does not fit reads as shorter;
/// - a malformed or missing table gives no reader (`nil`), never a trap;
/// - only 64-bit little-endian files are read (``ELFCheck`` has refused the rest with a reason).
package struct ELFSections {
    /// The fields of one section header that the readers use.
    package struct Section {
        /// Offset of the section's name in the section-name table.
        package let name: UInt32
        /// `sh_type`: 2 `SHT_SYMTAB`, 6 `SHT_DYNAMIC`, 8 `SHT_NOBITS`, 11 `SHT_DYNSYM`, ...
        package let type: UInt32
        /// `sh_addr`: where the section is mapped, relative to the load address.
        package let address: UInt64
        package let offset: UInt64
        package let size: UInt64
        /// `sh_link`: for a symbol table or dynamic section, the index of its string table.
        package let link: UInt32

        /// Reads the header at `position`; the table holds `position + 64` bytes at least.
        init(_ table: UnsafeRawBufferPointer, at position: Int) {
            func load<T: FixedWidthInteger>(_ offset: Int, as _: T.Type) -> T {
                T(littleEndian: table.loadUnaligned(fromByteOffset: position + offset, as: T.self))
            }
            name = load(0, as: UInt32.self)
            type = load(4, as: UInt32.self)
            address = load(16, as: UInt64.self)
            offset = load(24, as: UInt64.self)
            size = load(32, as: UInt64.self)
            link = load(40, as: UInt32.self)
        }
    }

    /// A symbol table entry's size (`Elf64_Sym`).
    package static let symbolSize = 24
    /// `SHT_NOBITS`: a section with no bytes in the file.
    package static let noBits: UInt32 = 8
    private static let headerSize = 64
    /// No plugin comes close; a corrupt count must not make us read gigabytes.
    private static let maximumSections = 65_536

    /// The open file the sections are read from, and its size from `fstat`.
    package let descriptor: Int32
    package let size: UInt64
    /// The section headers, in file order.
    package let sections: [Section]
    /// The index of the section-name table (`e_shstrndx`, extended numbering resolved).
    package let namesIndex: Int

    /// Reads the header and section table of the open file `descriptor` of `size` bytes;
    /// nil when it is not a 64-bit little-endian ELF file or has no section table to read.
    package init?(descriptor: Int32, size: UInt64) {
        let header = ELFCheck.read(descriptor, offset: 0, count: Self.headerSize)
        guard header.count == Self.headerSize, header.starts(with: [0x7F, 0x45, 0x4C, 0x46]), header[4] == 2, header[5] == 1 else {
            return nil
        }
        let tableOffset = UInt64(littleEndian: header, at: 40)
        let entrySize = Int(UInt16(littleEndian: header, at: 58))
        var count = Int(UInt16(littleEndian: header, at: 60))
        guard tableOffset != 0, entrySize >= Self.headerSize, tableOffset < size else { return nil }
        if count == 0 {
            // Extended numbering: the real count is the first section's size.
            let first = ELFCheck.read(descriptor, offset: tableOffset, count: Self.headerSize)
            count = Int(clamping: UInt64(littleEndian: first, at: 32))
        }
        count = min(count, Self.maximumSections, Int(clamping: (size - tableOffset) / UInt64(entrySize)))
        guard count > 0 else { return nil }
        let table = ELFCheck.read(descriptor, offset: tableOffset, count: count * entrySize)
        let whole = min(count, table.count / entrySize)  // a short read keeps the headers read whole
        guard whole > 0 else { return nil }
        let sections = table.withUnsafeBytes { raw in (0..<whole).map { Section(raw, at: $0 * entrySize) } }
        var namesIndex = Int(UInt16(littleEndian: header, at: 62))
        if namesIndex == 0xFFFF { namesIndex = Int(sections[0].link) }  // SHN_XINDEX
        self.descriptor = descriptor
        self.size = size
        self.sections = sections
        self.namesIndex = namesIndex
    }

    /// The bytes of section `index` in the file, at most `limit` of them; empty for an index out of
    /// range, a section with no bytes in the file, or one that starts past its end.
    package func contents(_ index: Int, limit: UInt64 = .max) -> [UInt8] {
        guard sections.indices.contains(index) else { return [] }
        let section = sections[index]
        guard section.type != Self.noBits, section.offset < size else { return [] }
        let length = min(section.size, size - section.offset, limit)
        return ELFCheck.read(descriptor, offset: section.offset, count: Int(clamping: length))
    }

    /// The section-name table, at most `limit` bytes of it.
    package func names(limit: UInt64 = .max) -> [UInt8] {
        contents(namesIndex, limit: limit)
    }

    /// The index of the first section called `name`, looked up in `names` (from ``names(limit:)``);
    /// compared as bytes, so the ~50 sections of a plugin cost no String each.
    package func index(of name: String, names: [UInt8]) -> Int? {
        let wanted = Array(name.utf8) + [0]
        return sections.indices.first { Self.hasName(wanted, in: names, at: Int(sections[$0].name)) }
    }

    /// The string table a symbol table's or dynamic section's `sh_link` names.
    package func linkedStrings(of index: Int) -> [UInt8] {
        guard sections.indices.contains(index) else { return [] }
        return contents(Int(sections[index].link))
    }
}

extension ELFSections {
    /// What a dynamic section names: `DT_NEEDED` in order, `DT_SONAME`, and the
    /// `DT_RPATH`/`DT_RUNPATH` folders in order (empty entries dropped).
    package struct DynamicNames {
        package var needed: [String] = []
        package var soname: String?
        package var runPaths: [String] = []
    }

    /// Reads the dynamic section `entries` with its string table `strings`, up to `DT_NULL`.
    package static func dynamicNames(entries: [UInt8], strings: [UInt8]) -> DynamicNames {
        var names = DynamicNames()
        var offset = 0
        while offset + 16 <= entries.count {
            let tag = UInt64(littleEndian: entries, at: offset)
            if tag == 0 { break }  // DT_NULL
            let value = Int(clamping: UInt64(littleEndian: entries, at: offset + 8))
            switch tag {
            case 1:  // DT_NEEDED
                names.needed.append(string(in: strings, at: value))
            case 14:  // DT_SONAME
                names.soname = string(in: strings, at: value)
            case 15, 29:  // DT_RPATH, DT_RUNPATH
                // Split as bytes: a split by Character walks grapheme clusters, slow for a path.
                names.runPaths += string(in: strings, at: value).utf8.split(separator: UInt8(ascii: ":"))
                    .map { String(decoding: $0, as: UTF8.self) }
            default:
                break
            }
            offset += 16
        }
        return names
    }

    /// Whether the bytes at `offset` of `table` are `name` (its terminating NUL included).
    package static func hasName(_ name: [UInt8], in table: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset <= table.count - name.count else { return false }
        return table.withUnsafeBytes { bytes in
            name.withUnsafeBytes { wanted in
                guard let base = bytes.baseAddress, let start = wanted.baseAddress else { return false }
                return memcmp(base + offset, start, name.count) == 0
            }
        }
    }

    /// Whether `table` holds `prefix` at `offset` (no terminator required).
    package static func starts(_ table: [UInt8], at offset: Int, with prefix: [UInt8]) -> Bool {
        offset >= 0 && offset + prefix.count <= table.count && table[offset..<offset + prefix.count].elementsEqual(prefix)
    }

    /// The NUL-terminated string at `offset`, or "" when it lies outside the table.
    package static func string(in table: [UInt8], at offset: Int) -> String {
        guard offset >= 0, offset < table.count else { return "" }
        return table.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return "" }
            let length =
                memchr(base + offset, 0, bytes.count - offset).map {
                    UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - (base + offset)
                } ?? bytes.count - offset
            return String(decoding: UnsafeBufferPointer(start: base + offset, count: length), as: UTF8.self)
        }
    }
}
