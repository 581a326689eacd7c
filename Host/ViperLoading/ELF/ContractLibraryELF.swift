import Foundation

/// What viper reads from an ELF file about contract libraries, before `dlopen`: its
/// `DT_SONAME` and `DT_NEEDED` names, the `viper_contract_library` record a contract
/// library carries (see ``ContractLibrary``), and, when asked, which Swift modules' protocol
/// descriptors the file defines (`$s<length><Module>…Mp`) and which modules it refers to.
/// Every offset and size is checked against the file; a malformed table reads as empty.
package struct ContractLibraryELF {
    /// The section a contract library's `@used @section("viper_contract_library")` record lives in.
    package static let sectionName = "viper_contract_library"
    /// The first word of the record ("VCLB"); the second is the packed version (major << 16 | minor).
    package static let magic: UInt32 = 0x5643_4C42

    package var soname: String?
    package var needed: [String] = []
    /// `DT_RUNPATH` and `DT_RPATH` folders, in order.
    package var runPaths: [String] = []
    /// The record's bytes when the file has the section (it is then a contract library).
    package var record: [UInt8]?
    /// Which of the `modules` asked about the file defines protocol descriptors of (`.symbols`).
    package var definedProtocolModules: Set<String> = []
    /// Which of the `modules` asked about the file refers to without defining (`.symbols`).
    package var referencedModules: Set<String> = []
    /// Whether it exports `viper_plugin_entry` (`.symbols`): a plugin, even with a record copied into it.
    package var definesPluginEntry = false

    /// How much to read: each step costs more (a Swift plugin's symbol tables are the bulk).
    package enum Depth: Int {
        /// Section headers and the record.
        case record
        /// Also `DT_SONAME` and `DT_NEEDED`.
        case dynamic
        /// Also the dynamic symbol table.
        case symbols
    }

    private struct Section {
        package let name: UInt32, type: UInt32, offset: UInt64, size: UInt64, link: UInt32
        init(_ table: [UInt8], at base: Int) {
            name = ContractLibraryELF.u32(table, base)
            type = ContractLibraryELF.u32(table, base + 4)
            offset = ContractLibraryELF.u64(table, base + 24)
            size = ContractLibraryELF.u64(table, base + 32)
            link = ContractLibraryELF.u32(table, base + 40)
        }
    }

    /// What a file's `.dynamic` depth would say, from its linkage already read (``ELFLinkage``).
    package init(needed: [String], runPaths: [String]) {
        self.needed = needed
        self.runPaths = runPaths
    }

    /// Reads the open ELF file `descriptor` of `size` bytes to `depth`; with `.symbols`, looks for
    /// the Swift symbols of `modules` only (comparing bytes, so a large table costs no strings).
    package init(descriptor: Int32, size: UInt64, depth: Depth, modules: [String] = []) {
        let header = ELFCheck.read(descriptor, offset: 0, count: 64)
        guard header.count == 64, header.starts(with: [0x7F, 0x45, 0x4C, 0x46]), header[4] == 2 else { return }
        let tableOffset = Self.u64(header, 40)
        let entrySize = Int(Self.u16(header, 58))
        let names = Int(Self.u16(header, 62))
        guard tableOffset != 0, tableOffset < size, entrySize >= 64 else { return }
        let count = min(Int(Self.u16(header, 60)), Int(clamping: (size - tableOffset) / UInt64(entrySize)))
        guard count > 0 else { return }
        let table = ELFCheck.read(descriptor, offset: tableOffset, count: count * entrySize)
        func contents(_ index: Int, limit: UInt64 = .max) -> [UInt8] {
            guard index >= 0, index < count else { return [] }
            let section = Section(table, at: index * entrySize)
            guard section.type != 8, section.offset < size else { return [] }  // SHT_NOBITS has no bytes in the file
            let length = min(section.size, size - section.offset, limit)
            return ELFCheck.read(descriptor, offset: section.offset, count: Int(clamping: length))
        }
        // Section names are compared as bytes: discovery reads every plugin file's headers on each start.
        let sectionNames = contents(names, limit: 1 << 20)
        let wanted = Array(Self.sectionName.utf8) + [0]
        for index in 0..<count {
            let base = index * entrySize
            let type = Self.u32(table, base + 4)
            if type == 6, depth != .record {  // SHT_DYNAMIC
                readDynamic(contents(index), strings: contents(Int(Self.u32(table, base + 40))))
            } else if type == 11, depth == .symbols {  // SHT_DYNSYM: what the file exports and imports
                readSymbols(contents(index), strings: contents(Int(Self.u32(table, base + 40))), modules: modules)
            } else if record == nil, Self.starts(sectionNames, at: Int(Self.u32(table, base)), with: wanted) {
                record = contents(index, limit: 64)
            }
        }
    }

    /// Reads only what discovery needs (no symbols) from the file at `path`; nil when it cannot be read.
    package static func sniff(path: String) -> ContractLibraryELF? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let sections = ContractLibraryELF(descriptor: descriptor, size: UInt64(info.st_size), depth: .record)
        // Only a file with a record costs a look at its symbols.
        return sections.record == nil ? sections : ContractLibraryELF(descriptor: descriptor, size: UInt64(info.st_size), depth: .symbols)
    }

    /// The packed version in the record, or nil when the record is malformed.
    package var packedVersion: UInt32? {
        guard let record, record.count >= 8, Self.u32(record, 0) == Self.magic else { return nil }
        return Self.u32(record, 4)
    }

    private mutating func readDynamic(_ entries: [UInt8], strings: [UInt8]) {
        var offset = 0
        while offset + 16 <= entries.count {
            let tag = Self.u64(entries, offset)
            let value = Int(clamping: Self.u64(entries, offset + 8))
            if tag == 0 { break }
            if tag == 1 { needed.append(Self.string(in: strings, at: value)) }  // DT_NEEDED
            if tag == 14 { soname = Self.string(in: strings, at: value) }  // DT_SONAME
            if tag == 15 || tag == 29 { runPaths += Self.string(in: strings, at: value).split(separator: ":").map(String.init) }  // DT_RPATH, DT_RUNPATH
            offset += 16
        }
    }

    private mutating func readSymbols(_ symbols: [UInt8], strings: [UInt8], modules: [String]) {
        let prefixes = modules.map { ($0, Array("$s\($0.utf8.count)\($0)".utf8)) }
        let entry = Array("viper_plugin_entry".utf8) + [0]
        var offset = 0
        while offset + 24 <= symbols.count {
            let name = Int(Self.u32(symbols, offset))
            let defined = Self.u16(symbols, offset + 6) != 0
            offset += 24
            guard name >= 0, name + 2 < strings.count else { continue }
            if strings[name] == 0x24, strings[name + 1] == 0x73 {  // "$s"
                for (module, prefix) in prefixes where Self.starts(strings, at: name, with: prefix) {
                    if !defined {
                        referencedModules.insert(module)
                    } else if Self.isProtocolDescriptor(in: strings, at: name) {
                        definedProtocolModules.insert(module)
                    }
                }
            } else if defined, !definesPluginEntry, Self.starts(strings, at: name, with: entry) {
                definesPluginEntry = true
            }
        }
    }

    // Little-endian reads without the generic `FixedWidthInteger(littleEndian:at:)`, which is not
    // specialised across files and was most of the cost of reading every plugin's headers.
    private static func u64(_ bytes: [UInt8], _ offset: Int) -> UInt64 {
        guard offset >= 0, offset + 8 <= bytes.count else { return 0 }
        return bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
    }

    private static func u32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        guard offset >= 0, offset + 4 <= bytes.count else { return 0 }
        return bytes.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
    }

    private static func u16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        guard offset >= 0, offset + 2 <= bytes.count else { return 0 }
        return bytes.withUnsafeBytes { UInt16(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt16.self)) }
    }

    private static func starts(_ table: [UInt8], at offset: Int, with prefix: [UInt8]) -> Bool {
        offset + prefix.count <= table.count && table[offset..<offset + prefix.count].elementsEqual(prefix)
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
