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
    /// Whether it has ConformanceKit's `viper_conformance_kit` record: it links the kit, as a suite
    /// library (`lib<Library>Suites.so`, run by `viper check`) does and a plugin does not.
    package var hasKitRecord = false
    /// The section of ConformanceKit's record.
    package static let kitSectionName = "viper_conformance_kit"

    /// A suite library: the kit's record, no contract library record, no plugin entry (read to `.symbols`).
    package var isSuiteLibrary: Bool { hasKitRecord && record == nil && !definesPluginEntry }

    /// How much to read: each step costs more (a Swift plugin's symbol tables are the bulk).
    package enum Depth: Int {
        /// Section headers and the record.
        case record
        /// Also `DT_SONAME` and `DT_NEEDED`.
        case dynamic
        /// Also the dynamic symbol table.
        case symbols
    }

    /// What a file's `.dynamic` depth would say, from its linkage already read (``ELFLinkage``).
    package init(needed: [String], runPaths: [String]) {
        self.needed = needed
        self.runPaths = runPaths
    }

    /// Reads the open ELF file `descriptor` of `size` bytes to `depth`; with `.symbols`, looks for
    /// the Swift symbols of `modules` only (comparing bytes, so a large table costs no strings).
    package init(descriptor: Int32, size: UInt64, depth: Depth, modules: [String] = []) {
        guard let file = ELFSections(descriptor: descriptor, size: size) else { return }
        // Section names are compared as bytes: discovery reads every plugin file's headers on each start.
        let sectionNames = file.names(limit: 1 << 20)
        let wanted = Array(Self.sectionName.utf8) + [0]
        let kit = Array(Self.kitSectionName.utf8) + [0]
        for (index, section) in file.sections.enumerated() {
            if section.type == 6, depth != .record {  // SHT_DYNAMIC
                let dynamic = ELFSections.dynamicNames(entries: file.contents(index), strings: file.linkedStrings(of: index))
                needed += dynamic.needed
                runPaths += dynamic.runPaths
                soname = dynamic.soname ?? soname
            } else if section.type == 11, depth == .symbols {  // SHT_DYNSYM: what the file exports and imports
                readSymbols(file.contents(index), strings: file.linkedStrings(of: index), modules: modules)
            } else if record == nil, ELFSections.hasName(wanted, in: sectionNames, at: Int(section.name)) {
                record = file.contents(index, limit: 64)
            }
            if !hasKitRecord, ELFSections.hasName(kit, in: sectionNames, at: Int(section.name)) { hasKitRecord = true }
        }
    }

    /// Reads only what discovery needs (no symbols) from the file at `path`; nil when it cannot be read.
    package static func sniff(path: String) -> ContractLibraryELF? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        // Nearly every file names neither record's section: then the `.record` read below would find nothing.
        guard namesRecordSection(descriptor: descriptor, size: UInt64(info.st_size)) else { return ContractLibraryELF(needed: [], runPaths: []) }
        let sections = ContractLibraryELF(descriptor: descriptor, size: UInt64(info.st_size), depth: .record)
        // Only a file with a record (a library's, or the kit's) costs a look at its symbols.
        guard sections.record != nil || sections.hasKitRecord else { return sections }
        return ContractLibraryELF(descriptor: descriptor, size: UInt64(info.st_size), depth: .symbols)
    }

    /// The packed version in the record, or nil when the record is malformed.
    package var packedVersion: UInt32? {
        guard let record, record.count >= 8, UInt32(littleEndian: record, at: 0) == Self.magic else { return nil }
        return UInt32(littleEndian: record, at: 4)
    }

    private mutating func readSymbols(_ symbols: [UInt8], strings: [UInt8], modules: [String]) {
        let prefixes = modules.map { ($0, Array("$s\($0.utf8.count)\($0)".utf8)) }
        let entry = Array("viper_plugin_entry".utf8) + [0]
        var offset = 0
        while offset + ELFSections.symbolSize <= symbols.count {
            let name = Int(UInt32(littleEndian: symbols, at: offset))
            let defined = UInt16(littleEndian: symbols, at: offset + 6) != 0
            offset += ELFSections.symbolSize
            guard name >= 0, name + 2 < strings.count else { continue }
            if strings[name] == 0x24, strings[name + 1] == 0x73 {  // "$s"
                for (module, prefix) in prefixes where ELFSections.starts(strings, at: name, with: prefix) {
                    if !defined {
                        referencedModules.insert(module)
                    } else if Self.isProtocolDescriptor(in: strings, at: name) {
                        definedProtocolModules.insert(module)
                    }
                }
            } else if defined, !definesPluginEntry, ELFSections.starts(strings, at: name, with: entry) {
                definesPluginEntry = true
            }
        }
    }

    private static func isProtocolDescriptor(in table: [UInt8], at offset: Int) -> Bool {
        let end = table[offset...].firstIndex(of: 0) ?? table.count
        return end - offset > 4 && table[end - 2] == 0x4D && table[end - 1] == 0x70  // "Mp"
    }
}
