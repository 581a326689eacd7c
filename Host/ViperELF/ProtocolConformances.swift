import Foundation

/// The protocols of other modules a Swift plugin conforms to, read from its file: what
/// ``ProtocolRequirementTable`` needs to see a plugin that conforms to a protocol but names none
/// of its requirements (it implements none, because the library it was built against gave the
/// protocol none, or only ones with defaults).
///
/// Each entry of a Swift image's `swift5_protocol_conformances` section is a 32-bit relative
/// pointer to a conformance descriptor, whose first word is a relative pointer to the protocol's
/// descriptor. For a protocol of another library the pointer is indirect (its low bit set): it
/// points at a slot the dynamic linker fills from a relocation naming the protocol's `…Mp`
/// symbol. A plugin's own types are internal, so their `…Mc` symbols are local and not in the
/// dynamic symbol table; this record is what is left of them in every build, stripped or not.
/// Nothing is loaded: only the sections, the relocations and the dynamic symbols are read.
enum ProtocolConformances {
    private static let conformancesSection = "swift5_protocol_conformances"
    private static let relocationSize = 24
    private static let relocationsWithAddends: UInt32 = 4  // SHT_RELA
    private static let dynamicSymbols: UInt32 = 11  // SHT_DYNSYM

    /// The `…Mp` symbols, of protocols of `modules`, that the file open as `descriptor` (`size`
    /// bytes) declares a conformance to; empty for a malformed file or one without conformances.
    static func protocols(descriptor: Int32, size: UInt64, modules: [String]) -> Set<String> {
        guard let file = ELFSections(descriptor: descriptor, size: size),
            let records = file.index(of: conformancesSection, names: file.names()),
            let symbolTable = file.sections.firstIndex(where: { $0.type == dynamicSymbols })
        else { return [] }
        let slots = indirectSlots(file, records: records)
        guard !slots.isEmpty else { return [] }
        let indices = symbolIndices(file, at: slots)
        guard !indices.isEmpty else { return [] }
        let symbols = file.contents(symbolTable)
        let strings = file.linkedStrings(of: symbolTable)
        let prefixes = modules.map { "$s\($0.utf8.count)\($0)" }
        var found: Set<String> = []
        for index in indices where (index + 1) * ELFSections.symbolSize <= symbols.count {
            let name = Int(UInt32(littleEndian: symbols, at: index * ELFSections.symbolSize))
            guard name > 0, name < strings.count else { continue }
            let end = strings[name...].firstIndex(of: 0) ?? strings.count
            let symbol = String(decoding: strings[name..<end], as: UTF8.self)
            if symbol.hasSuffix("Mp"), prefixes.contains(where: { symbol.hasPrefix($0) }) { found.insert(symbol) }
        }
        return found
    }

    /// The addresses of the slots through which the conformance descriptors listed in section
    /// `records` point, indirectly, at their protocols' descriptors.
    private static func indirectSlots(_ file: ELFSections, records: Int) -> Set<UInt64> {
        let section = file.sections[records]
        let entries = file.contents(records)
        var slots: Set<UInt64> = []
        var offset = 0
        while offset + 4 <= entries.count {
            let entry = section.address &+ UInt64(offset)
            offset += 4
            let conformance = entry &+ UInt64(bitPattern: Int64(Int32(bitPattern: UInt32(littleEndian: entries, at: offset - 4))))
            guard let word = read(file, address: conformance), word & 1 == 1 else { continue }
            slots.insert(conformance &+ UInt64(bitPattern: Int64(word & ~1)))
        }
        return slots
    }

    /// The dynamic symbol indices of the relocations (`SHT_RELA`) that fill one of `slots`.
    private static func symbolIndices(_ file: ELFSections, at slots: Set<UInt64>) -> [Int] {
        var indices: [Int] = []
        for (number, section) in file.sections.enumerated() where section.type == relocationsWithAddends {
            let table = file.contents(number)
            var offset = 0
            while offset + relocationSize <= table.count {
                let target = UInt64(littleEndian: table, at: offset)
                let info = UInt64(littleEndian: table, at: offset + 8)
                offset += relocationSize
                if slots.contains(target), info >> 32 > 0 { indices.append(Int(info >> 32)) }
            }
        }
        return indices
    }

    /// The signed 32-bit word at virtual `address`, from the section holding it, or nil.
    private static func read(_ file: ELFSections, address: UInt64) -> Int32? {
        guard
            let section = file.sections.first(where: {
                $0.type != ELFSections.noBits && $0.address != 0 && address >= $0.address && address - $0.address + 4 <= $0.size
            })
        else { return nil }
        let bytes = ELFCheck.read(file.descriptor, offset: section.offset + (address - section.address), count: 4)
        guard bytes.count == 4 else { return nil }
        return Int32(bitPattern: UInt32(littleEndian: bytes, at: 0))
    }
}
