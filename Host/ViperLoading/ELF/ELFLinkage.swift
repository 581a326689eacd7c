import Foundation

/// What a plugin links against, read from its ELF section headers before `dlopen`:
/// the libraries it needs (`DT_NEEDED`) and whether it defines Contracts' protocol
/// descriptors (`$s9Contracts…Mp`) itself. Such a plugin carries its own copy of
/// Contracts: none of its protocols would be the host's, so every cast between the
/// two fails (docs/ARCHITECTURE.md fact 1). Every offset and size is checked against the file;
/// a malformed table reads as empty, never as a crash.
package struct ELFLinkage {
    /// Names from `DT_NEEDED`, in order.
    package var needed: [String] = []
    /// Folders from `DT_RPATH` and `DT_RUNPATH`, in order (where the contract libraries are looked for).
    package var runPaths: [String] = []
    /// The first Contracts protocol descriptor the file defines, if any.
    package var contractsDescriptor: String?
    /// Whether the file had section headers to read (a stripped file may not).
    package var hasSections = false
    /// What its `.viper_abi` section says, or nil when it has none (built before the section existed).
    package var abiSection: ABISection?

    private static let sectionHeaderSize = 64
    private static let symbolSize = 24
    /// No plugin comes close; a corrupt count must not make us read gigabytes.
    private static let maximumSections = 65_536
    private static let descriptorPrefix = Array("$s9Contracts".utf8)
    private static let descriptorSuffix = Array("Mp".utf8)

    /// Reads the linkage of the open ELF file `descriptor` of `size` bytes (already through ``ELFCheck``).
    package init(descriptor: Int32, size: UInt64) {
        let header = ELFCheck.read(descriptor, offset: 0, count: 64)
        guard header.count == 64, let sections = Self.sections(descriptor: descriptor, size: size, header: header) else { return }
        hasSections = true
        var namesIndex = Int(UInt16(littleEndian: header, at: 62))
        if namesIndex == 0xFFFF, let first = sections.first { namesIndex = Int(first.link) }  // SHN_XINDEX

        func contents(_ index: Int) -> [UInt8] {
            guard sections.indices.contains(index) else { return [] }
            let section = sections[index]
            guard section.type != 8, section.offset < size else { return [] }  // SHT_NOBITS has no bytes in the file
            let length = min(section.size, size - section.offset)
            return ELFCheck.read(descriptor, offset: section.offset, count: Int(clamping: length))
        }

        let names = contents(namesIndex)
        // Section names are compared as bytes (no String for each of a plugin's ~50 sections).
        let wanted = Array(ABISection.name.utf8) + [0]
        if let index = sections.indices.first(where: { Self.hasName(wanted, in: names, at: Int(sections[$0].name)) }) {
            abiSection = sections[index].type == 8 ? .malformed("it has no bytes in the file") : ABISection(contents(index))
        }

        for (index, section) in sections.enumerated() {
            switch section.type {
            case 6:  // SHT_DYNAMIC
                let dynamic = Self.dynamicNames(entries: contents(index), strings: contents(Int(section.link)))
                needed += dynamic.needed
                runPaths += dynamic.runPaths
            case 2, 11:  // SHT_SYMTAB, SHT_DYNSYM
                guard contractsDescriptor == nil else { continue }
                contractsDescriptor = Self.definedContractsDescriptor(symbols: contents(index), strings: contents(Int(section.link)))
            default:
                continue
            }
        }
    }

    /// The section header table, its count clamped to the file; nil when there is none to read.
    private static func sections(descriptor: Int32, size: UInt64, header: [UInt8]) -> [Section]? {
        let tableOffset = UInt64(littleEndian: header, at: 40)
        let entrySize = Int(UInt16(littleEndian: header, at: 58))
        var count = Int(UInt16(littleEndian: header, at: 60))
        guard tableOffset != 0, entrySize >= Self.sectionHeaderSize, tableOffset < size else { return nil }
        if count == 0 {
            // Extended numbering: the real count is the first section's size.
            let first = ELFCheck.read(descriptor, offset: tableOffset, count: Self.sectionHeaderSize)
            count = Int(clamping: UInt64(littleEndian: first, at: 32))
        }
        count = min(count, Self.maximumSections, Int(clamping: (size - tableOffset) / UInt64(entrySize)))
        guard count > 0 else { return nil }
        let table = ELFCheck.read(descriptor, offset: tableOffset, count: count * entrySize)
        let whole = min(count, table.count / entrySize)  // a short read keeps the headers read whole
        guard whole > 0 else { return nil }
        return table.withUnsafeBytes { raw in (0..<whole).map { Section(raw, at: $0 * entrySize) } }
    }

    /// The `DT_NEEDED` names and the `DT_RPATH`/`DT_RUNPATH` folders of a dynamic section, in order.
    private static func dynamicNames(entries: [UInt8], strings: [UInt8]) -> (needed: [String], runPaths: [String]) {
        var needed: [String] = [], runPaths: [String] = []
        var offset = 0
        while offset + 16 <= entries.count {
            let tag = UInt64(littleEndian: entries, at: offset)
            if tag == 0 { break }  // DT_NULL
            let value = Int(clamping: UInt64(littleEndian: entries, at: offset + 8))
            if tag == 1 {  // DT_NEEDED
                needed.append(Self.string(in: strings, at: value))
            } else if tag == 15 || tag == 29 {  // DT_RPATH, DT_RUNPATH
                // Split as bytes: a split by Character walks grapheme clusters, slow for a path.
                runPaths += Self.string(in: strings, at: value).utf8.split(separator: UInt8(ascii: ":"))
                    .map { String(decoding: $0, as: UTF8.self) }
            }
            offset += 16
        }
        return (needed, runPaths)
    }

    /// The first Contracts protocol descriptor a symbol table defines (not merely references), if any.
    private static func definedContractsDescriptor(symbols: [UInt8], strings: [UInt8]) -> String? {
        // Read through raw buffers: the scanner runs this over every symbol of every plugin it loads.
        // "$s9C" is checked as bytes first (no other Swift symbol of a plugin starts so, unless its
        // module's name has nine letters and starts with C): the full comparison runs for few names.
        let found: Range<Int>? = symbols.withUnsafeBytes { table in
            strings.withUnsafeBytes { names in
                var offset = 0
                while offset + Self.symbolSize <= table.count {
                    let name = Int(UInt32(littleEndian: table.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
                    let sectionIndex = UInt16(littleEndian: table.loadUnaligned(fromByteOffset: offset + 6, as: UInt16.self))
                    offset += Self.symbolSize
                    // 0: undefined, a reference.
                    guard sectionIndex != 0, name + 4 <= names.count, names[name] == 0x24, names[name + 1] == 0x73,
                          names[name + 2] == 0x39, names[name + 3] == 0x43 else { continue }
                    if let range = Self.contractsDescriptorRange(in: names, at: name) { return range }
                }
                return nil
            }
        }
        return found.map { String(decoding: strings[$0], as: UTF8.self) }
    }

    /// The bytes of the symbol name at `offset` when it is a Contracts protocol descriptor
    /// (``descriptorPrefix`` … ``descriptorSuffix``), without building a string for any other symbol.
    private static func contractsDescriptorRange(in names: UnsafeRawBufferPointer, at offset: Int) -> Range<Int>? {
        let prefix = descriptorPrefix.count
        guard offset >= 0, offset + prefix <= names.count, let base = names.baseAddress,
              names[offset] == descriptorPrefix[0], names[offset + 1] == descriptorPrefix[1],
              descriptorPrefix.withUnsafeBytes({ memcmp(base + offset, $0.baseAddress!, prefix) == 0 }) else { return nil }
        let end = memchr(base + offset, 0, names.count - offset).map { UnsafeRawPointer($0) - base } ?? names.count
        guard end - offset >= prefix + descriptorSuffix.count,
              names[end - 2] == descriptorSuffix[0], names[end - 1] == descriptorSuffix[1] else { return nil }
        return offset..<end
    }

    /// Whether the file needs libContracts.so.
    package var needsContracts: Bool { needed.contains { $0.hasPrefix("libContracts.so") } }
    /// Whether the file is Swift code (needs the Swift runtime).
    package var needsSwiftRuntime: Bool { needed.contains { $0.hasPrefix("libswiftCore.so") } }

    /// Why the file must not be loaded because of what it links, or nil.
    package var problem: String? {
        let fix = "rebuild it linking this viper's libContracts.so (swiftc -lContracts, or a dependency on the Contracts package) instead of compiling Contracts' sources into it"
        if let contractsDescriptor {
            return "refused: it carries its own copy of Contracts (it defines \(PluginLoadError.printable(contractsDescriptor, limit: 120)), which only libContracts.so may define), "
                + "so none of its contracts would be the host's and every lookup between them would fail; \(fix)"
        }
        if hasSections, needsSwiftRuntime, !needsContracts {
            return "refused: it is Swift code that does not link libContracts.so, so it carries its own copy of Contracts or none at all; \(fix)"
        }
        return nil
    }

    /// The fields of one section header that matter here.
    private struct Section {
        package let name: UInt32
        let type: UInt32
        let offset: UInt64
        let size: UInt64
        let link: UInt32

        /// Reads the header at `position`; the table holds `position + 64` bytes at least.
        init(_ table: UnsafeRawBufferPointer, at position: Int) {
            name = UInt32(littleEndian: table.loadUnaligned(fromByteOffset: position, as: UInt32.self))
            type = UInt32(littleEndian: table.loadUnaligned(fromByteOffset: position + 4, as: UInt32.self))
            offset = UInt64(littleEndian: table.loadUnaligned(fromByteOffset: position + 24, as: UInt64.self))
            size = UInt64(littleEndian: table.loadUnaligned(fromByteOffset: position + 32, as: UInt64.self))
            link = UInt32(littleEndian: table.loadUnaligned(fromByteOffset: position + 40, as: UInt32.self))
        }
    }

    /// Whether the bytes at `offset` of `table` are `name` (its terminating NUL included).
    private static func hasName(_ name: [UInt8], in table: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset <= table.count - name.count else { return false }
        return table.withUnsafeBytes { bytes in
            name.withUnsafeBytes { wanted in
                guard let base = bytes.baseAddress, let start = wanted.baseAddress else { return false }
                return memcmp(base + offset, start, name.count) == 0
            }
        }
    }

    /// The NUL-terminated string at `offset`, or "" when it lies outside the table.
    private static func string(in table: [UInt8], at offset: Int) -> String {
        guard offset >= 0, offset < table.count else { return "" }
        return table.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return "" }
            let length = memchr(base + offset, 0, bytes.count - offset).map { UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - (base + offset) }
                ?? bytes.count - offset
            return String(decoding: UnsafeBufferPointer(start: base + offset, count: length), as: UTF8.self)
        }
    }
}
