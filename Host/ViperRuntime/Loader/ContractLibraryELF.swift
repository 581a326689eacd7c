import Foundation

/// What viper reads from an ELF file about contract libraries, before `dlopen`: its
/// `DT_SONAME` and `DT_NEEDED` names, the `viper_contract_library` record a contract
/// library carries (see ``ContractLibrary``), and, when asked, which Swift modules' protocol
/// descriptors the file defines (`$s<length><Module>…Mp`) and which modules it refers to.
/// Every offset and size is checked against the file; a malformed table reads as empty.
struct ContractLibraryELF {
    /// The section a contract library's `@used @section("viper_contract_library")` record lives in.
    static let sectionName = "viper_contract_library"
    /// The first word of the record ("VCLB"); the second is the packed version (major << 16 | minor).
    static let magic: UInt32 = 0x5643_4C42

    var soname: String?
    var needed: [String] = []
    /// The record's bytes when the file has the section (it is then a contract library).
    var record: [UInt8]?
    /// Modules whose protocol descriptors the file defines (with `symbols`).
    var definedProtocolModules: Set<String> = []
    /// Modules the file refers to without defining (with `symbols`).
    var referencedModules: Set<String> = []
    /// Whether it exports `viper_plugin_entry` (with `symbols`): a plugin, even with a record copied into it.
    var definesPluginEntry = false

    private struct Section {
        let name: UInt32, type: UInt32, offset: UInt64, size: UInt64, link: UInt32
        init(_ table: [UInt8], at base: Int) {
            name = UInt32(littleEndian: table, at: base)
            type = UInt32(littleEndian: table, at: base + 4)
            offset = UInt64(littleEndian: table, at: base + 24)
            size = UInt64(littleEndian: table, at: base + 32)
            link = UInt32(littleEndian: table, at: base + 40)
        }
    }

    /// Reads the open ELF file `descriptor` of `size` bytes; `symbols` also reads its symbol tables.
    init(descriptor: Int32, size: UInt64, symbols: Bool) {
        let header = ELFCheck.read(descriptor, offset: 0, count: 64)
        guard header.count == 64, header.starts(with: [0x7F, 0x45, 0x4C, 0x46]), header[4] == 2 else { return }
        let tableOffset = UInt64(littleEndian: header, at: 40)
        let entrySize = Int(UInt16(littleEndian: header, at: 58))
        let names = Int(UInt16(littleEndian: header, at: 62))
        guard tableOffset != 0, tableOffset < size, entrySize >= 64 else { return }
        let count = min(Int(UInt16(littleEndian: header, at: 60)), Int(clamping: (size - tableOffset) / UInt64(entrySize)))
        guard count > 0 else { return }
        let table = ELFCheck.read(descriptor, offset: tableOffset, count: count * entrySize)
        let sections = (0..<count).map { Section(table, at: $0 * entrySize) }
        func contents(_ index: Int, limit: UInt64 = .max) -> [UInt8] {
            guard sections.indices.contains(index), sections[index].type != 8, sections[index].offset < size else { return [] }
            let length = min(sections[index].size, size - sections[index].offset, limit)
            return ELFCheck.read(descriptor, offset: sections[index].offset, count: Int(clamping: length))
        }
        let sectionNames = contents(names, limit: 1 << 20)
        for (index, section) in sections.enumerated() {
            switch section.type {
            case 6:  // SHT_DYNAMIC
                readDynamic(contents(index), strings: contents(Int(section.link)))
            case 2, 11:  // SHT_SYMTAB, SHT_DYNSYM
                if symbols { readSymbols(contents(index), strings: contents(Int(section.link)), dynamic: section.type == 11) }
            default:
                if Self.string(in: sectionNames, at: Int(section.name)) == Self.sectionName {
                    record = contents(index, limit: 64)
                }
            }
        }
    }

    /// Reads only what discovery needs (no symbols) from the file at `path`; nil when it cannot be read.
    static func sniff(path: String) -> ContractLibraryELF? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let sections = ContractLibraryELF(descriptor: descriptor, size: UInt64(info.st_size), symbols: false)
        // Only a file with a record costs a look at its symbols.
        return sections.record == nil ? sections : ContractLibraryELF(descriptor: descriptor, size: UInt64(info.st_size), symbols: true)
    }

    /// The packed version in the record, or nil when the record is malformed.
    var packedVersion: UInt32? {
        guard let record, record.count >= 8, UInt32(littleEndian: record, at: 0) == Self.magic else { return nil }
        return UInt32(littleEndian: record, at: 4)
    }

    private mutating func readDynamic(_ entries: [UInt8], strings: [UInt8]) {
        var offset = 0
        while offset + 16 <= entries.count {
            let tag = UInt64(littleEndian: entries, at: offset)
            let value = Int(clamping: UInt64(littleEndian: entries, at: offset + 8))
            if tag == 0 { break }
            if tag == 1 { needed.append(Self.string(in: strings, at: value)) }  // DT_NEEDED
            if tag == 14 { soname = Self.string(in: strings, at: value) }  // DT_SONAME
            offset += 16
        }
    }

    private mutating func readSymbols(_ symbols: [UInt8], strings: [UInt8], dynamic: Bool) {
        var offset = 0
        while offset + 24 <= symbols.count {
            let name = Int(UInt32(littleEndian: symbols, at: offset))
            let defined = UInt16(littleEndian: symbols, at: offset + 6) != 0
            offset += 24
            if dynamic, defined, !definesPluginEntry, Self.string(in: strings, at: name) == "viper_plugin_entry" { definesPluginEntry = true }
            guard let module = Self.swiftModule(in: strings, at: name) else { continue }
            if defined {
                if Self.isProtocolDescriptor(in: strings, at: name) { definedProtocolModules.insert(module) }
            } else if dynamic {
                referencedModules.insert(module)
            }
        }
    }

    /// The module of a Swift symbol `$s<length><Module>…`, without building strings for others.
    private static func swiftModule(in table: [UInt8], at offset: Int) -> String? {
        guard offset >= 0, offset + 3 < table.count, table[offset] == 0x24, table[offset + 1] == 0x73 else { return nil }
        var position = offset + 2
        var length = 0
        while position < table.count, (0x30...0x39).contains(table[position]), length < 1000 {
            length = length * 10 + Int(table[position] - 0x30)
            position += 1
        }
        guard length > 0, position + length <= table.count, table[offset + 2] != 0x30 else { return nil }
        let name = table[position..<position + length]
        guard !name.contains(0) else { return nil }
        return String(decoding: name, as: UTF8.self)
    }

    private static func isProtocolDescriptor(in table: [UInt8], at offset: Int) -> Bool {
        let end = table[offset...].firstIndex(of: 0) ?? table.count
        return end - offset > 4 && table[end - 2] == 0x4D && table[end - 1] == 0x70  // "Mp"
    }

    private static func string(in table: [UInt8], at offset: Int) -> String {
        guard offset >= 0, offset < table.count else { return "" }
        let end = table[offset...].firstIndex(of: 0) ?? table.count
        return String(decoding: table[offset..<end], as: UTF8.self)
    }
}
