import Foundation
import ViperCore

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

    private static let descriptorPrefix = Array("$s9Contracts".utf8)
    private static let descriptorSuffix = Array("Mp".utf8)

    /// Reads the linkage of the open ELF file `descriptor` of `size` bytes (already through ``ELFCheck``).
    /// Without `symbols` the symbol tables are not read (``contractsDescriptor`` stays nil): the
    /// sandbox needs only the run paths, and the symbol tables are most of what is read.
    package init(descriptor: Int32, size: UInt64, symbols: Bool = true) {
        guard let file = ELFSections(descriptor: descriptor, size: size) else { return }
        hasSections = true
        if let index = file.index(of: ABISection.name, names: file.names()) {
            abiSection = file.sections[index].type == ELFSections.noBits ? .malformed("it has no bytes in the file") : ABISection(file.contents(index))
        }
        for (index, section) in file.sections.enumerated() {
            switch section.type {
            case 6:  // SHT_DYNAMIC
                let dynamic = ELFSections.dynamicNames(entries: file.contents(index), strings: file.linkedStrings(of: index))
                needed += dynamic.needed
                runPaths += dynamic.runPaths
            case 2, 11:  // SHT_SYMTAB, SHT_DYNSYM
                guard symbols, contractsDescriptor == nil else { continue }
                contractsDescriptor = Self.definedContractsDescriptor(symbols: file.contents(index), strings: file.linkedStrings(of: index))
            default:
                continue
            }
        }
    }

    /// The first Contracts protocol descriptor a symbol table defines (not merely references), if any.
    private static func definedContractsDescriptor(symbols: [UInt8], strings: [UInt8]) -> String? {
        // Read through raw buffers: the scanner runs this over every symbol of every plugin it loads.
        // "$s9C" is checked as bytes first (no other Swift symbol of a plugin starts so, unless its
        // module's name has nine letters and starts with C): the full comparison runs for few names.
        let found: Range<Int>? = symbols.withUnsafeBytes { table in
            strings.withUnsafeBytes { names in
                var offset = 0
                while offset + ELFSections.symbolSize <= table.count {
                    let name = Int(UInt32(littleEndian: table.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
                    let sectionIndex = UInt16(littleEndian: table.loadUnaligned(fromByteOffset: offset + 6, as: UInt16.self))
                    offset += ELFSections.symbolSize
                    // 0: undefined, a reference.
                    guard sectionIndex != 0, name + 4 <= names.count, names[name] == 0x24, names[name + 1] == 0x73,
                        names[name + 2] == 0x39, names[name + 3] == 0x43
                    else { continue }
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
            descriptorPrefix.withUnsafeBytes({ memcmp(base + offset, $0.baseAddress!, prefix) == 0 })
        else { return nil }
        let end = memchr(base + offset, 0, names.count - offset).map { UnsafeRawPointer($0) - base } ?? names.count
        guard end - offset >= prefix + descriptorSuffix.count,
            names[end - 2] == descriptorSuffix[0], names[end - 1] == descriptorSuffix[1]
        else { return nil }
        return offset..<end
    }

    /// Whether the file needs libContracts.so.
    package var needsContracts: Bool { needed.contains { $0.hasPrefix("libContracts.so") } }
    /// Whether the file is Swift code (needs the Swift runtime).
    package var needsSwiftRuntime: Bool { needed.contains { $0.hasPrefix("libswiftCore.so") } }

    /// Why the file must not be loaded because of what it links, or nil.
    package var problem: String? {
        let fix =
            "rebuild it linking this viper's libContracts.so (swiftc -lContracts, or a dependency on the Contracts package) instead of compiling Contracts' sources into it"
        if let contractsDescriptor {
            return
                "refused: it carries its own copy of Contracts (it defines \(PrintableText.fileText(contractsDescriptor, limit: 120)), which only libContracts.so may define), "
                + "so none of its contracts would be the host's and every lookup between them would fail; \(fix)"
        }
        if hasSections, needsSwiftRuntime, !needsContracts {
            return "refused: it is Swift code that does not link libContracts.so, so it carries its own copy of Contracts or none at all; \(fix)"
        }
        return nil
    }
}
