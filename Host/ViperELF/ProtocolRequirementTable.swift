import Foundation

/// The requirements of a contract library's protocols, read from its ELF file, and the check
/// that a plugin conforming to one of them implements every requirement that has no default.
///
/// A contract library is built with library evolution, so each requirement of its protocols is
/// a `TargetProtocolRequirement` the library exports as a `…Tq` symbol (a method, an initialiser
/// or an accessor): 32 bits of flags, then a 32-bit relative pointer to the default
/// implementation, zero when the requirement has none. A plugin that conforms to the protocol
/// names, as undefined dynamic symbols, the `…Tq` of each requirement it implements (its
/// witness table's resilient witnesses point at them). So a requirement of a protocol the plugin
/// conforms to that the plugin does not name and that has no default means the plugin was built
/// against an older library: its witness table has no entry for it, and a call to it crashes.
/// Nothing is loaded to decide: only the two files' symbol tables are read.
///
/// Invariant: `protocols` holds only protocols of `module` (symbols `$s<length><module>…Mp`),
/// each with its requirements in symbol-table order.
package struct ProtocolRequirementTable: Sendable {
    /// One requirement: its `…Tq` symbol and whether the library gives it a default implementation.
    package struct Requirement: Sendable, Equatable {
        package let symbol: String
        package let hasDefault: Bool
    }

    /// A requirement a plugin lacks: the protocol's descriptor symbol (`…Mp`) and the requirement.
    package struct Missing: Sendable, Equatable {
        package let protocolSymbol: String
        package let requirement: Requirement

        /// `FixtureWelcome.WelcomeText`, or the symbol when the runtime cannot demangle it.
        package var protocolName: String { Self.readable(protocolSymbol, dropping: "protocol descriptor for ") }
        /// `FixtureWelcome.WelcomeText.farewell(Swift.String) -> Swift.String`, or the symbol.
        package var requirementName: String { Self.readable(requirement.symbol, dropping: "method descriptor for ") }

        private static func readable(_ symbol: String, dropping prefix: String) -> String {
            guard let text = SwiftDemangler.demangle(symbol) else { return symbol }
            return text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text
        }
    }

    /// The library's Swift module.
    package let module: String
    /// By protocol descriptor symbol (`$s14FixtureWelcome11WelcomeTextMp`), its requirements.
    package private(set) var protocols: [String: [Requirement]] = [:]

    /// Reads the dynamic symbol table of the library open as `descriptor` (`size` bytes) for the
    /// protocols of `module`; a malformed file reads as a library without requirements.
    package init(descriptor: Int32, size: UInt64, module: String) {
        self.module = module
        let prefix = Array("$s\(module.utf8.count)\(module)".utf8)
        var descriptors: [String] = []
        var requirements: [(symbol: String, hasDefault: Bool)] = []
        ELFSymbols.forEach(descriptor: descriptor, size: size, defined: true, prefixes: [prefix]) { symbol in
            if symbol.name.ends(with: "Mp") {
                descriptors.append(symbol.string)
            } else if symbol.name.ends(with: "Tq") {
                // The relative pointer to the default implementation is the record's second word.
                let word = symbol.contents(at: 4, count: 4)
                requirements.append((symbol.string, word.count == 4 && word != [0, 0, 0, 0]))
            }
        }
        // A requirement's symbol is its protocol's context (the descriptor's name without `Mp`, then `P`),
        // then its own name: the longest such prefix names its protocol.
        let contexts = descriptors.map { (descriptor: $0, context: String($0.dropLast(2)) + "P") }.sorted { $0.context.count > $1.context.count }
        for requirement in requirements {
            guard let owner = contexts.first(where: { requirement.symbol.hasPrefix($0.context) }) else { continue }
            protocols[owner.descriptor, default: []].append(Requirement(symbol: requirement.symbol, hasDefault: requirement.hasDefault))
        }
    }

    /// The requirements without a default that a plugin naming the `witnessed` `…Tq` symbols lacks,
    /// in the protocols it conforms to: those of which it names at least one requirement, and those
    /// whose descriptors (`…Mp`) are in `conformed` (``ProtocolConformances``), which catches a
    /// plugin that implements none of a protocol's requirements.
    package func missing(witnessed: Set<String>, conformed: Set<String> = []) -> [Missing] {
        protocols.keys.sorted().flatMap { descriptor -> [Missing] in
            let requirements = protocols[descriptor] ?? []
            guard conformed.contains(descriptor) || requirements.contains(where: { witnessed.contains($0.symbol) }) else { return [] }
            return requirements.filter { !$0.hasDefault && !witnessed.contains($0.symbol) }
                .map { Missing(protocolSymbol: descriptor, requirement: $0) }
        }
    }

    /// The `…Mp` symbols of protocols of `modules` the plugin open as `descriptor` conforms to.
    package static func conformed(descriptor: Int32, size: UInt64, modules: [String]) -> Set<String> {
        ProtocolConformances.protocols(descriptor: descriptor, size: size, modules: modules)
    }

    /// The `…Tq` symbols of `modules` that the plugin open as `descriptor` names without defining:
    /// the requirements it implements of those modules' protocols.
    package static func witnessed(descriptor: Int32, size: UInt64, modules: [String]) -> Set<String> {
        let prefixes = modules.map { Array("$s\($0.utf8.count)\($0)".utf8) }
        var found: Set<String> = []
        ELFSymbols.forEach(descriptor: descriptor, size: size, defined: false, prefixes: prefixes) { symbol in
            if symbol.name.ends(with: "Tq") { found.insert(symbol.string) }
        }
        return found
    }
}

/// The dynamic symbols of an ELF64 little-endian file (its section table read by ``ELFSections``),
/// each with a way to read the bytes it names; offsets and sizes are checked against the file,
/// and a malformed table yields nothing.
enum ELFSymbols {
    struct Symbol {
        /// The name's bytes, without the terminating zero.
        let name: ArraySlice<UInt8>
        /// `count` bytes at `offset` into what the symbol names, read from the file ([] when outside it).
        let contents: (_ offset: UInt64, _ count: Int) -> [UInt8]

        var string: String { String(decoding: name, as: UTF8.self) }
        func contents(at offset: UInt64, count: Int) -> [UInt8] { contents(offset, count) }
    }

    /// Calls `body` with each symbol that is defined (or not, as `defined` says) and whose name starts
    /// with one of `prefixes`; the others cost a comparison of their first bytes, no value made.
    static func forEach(descriptor: Int32, size: UInt64, defined: Bool, prefixes: [[UInt8]], _ body: (Symbol) -> Void) {
        guard let file = ELFSections(descriptor: descriptor, size: size),
            let table = file.sections.firstIndex(where: { $0.type == 11 })
        else { return }  // SHT_DYNSYM
        let symbols = file.contents(table)
        let strings = file.linkedStrings(of: table)
        // Names are compared with memcmp in place: a plugin's table is walked for every load.
        let matching: [(offset: Int, section: Int, value: UInt64)] = symbols.withUnsafeBytes { entries in
            strings.withUnsafeBytes { names in
                var found: [(offset: Int, section: Int, value: UInt64)] = []
                var offset = 0
                while offset + ELFSections.symbolSize <= entries.count, let namesBase = names.baseAddress {
                    let name = Int(UInt32(littleEndian: entries.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
                    let section = Int(UInt16(littleEndian: entries.loadUnaligned(fromByteOffset: offset + 6, as: UInt16.self)))
                    let value = UInt64(littleEndian: entries.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
                    offset += ELFSections.symbolSize
                    guard name > 0, name < names.count, (section != 0) == defined else { continue }
                    for prefix in prefixes where name + prefix.count <= names.count {
                        if prefix.withUnsafeBytes({ $0.baseAddress.map { memcmp(namesBase + name, $0, prefix.count) } ?? 0 }) == 0 {
                            found.append((name, section, value))
                            break
                        }
                    }
                }
                return found
            }
        }
        for (name, sectionIndex, value) in matching {
            let end = strings[name...].firstIndex(of: 0) ?? strings.count
            let section = file.sections.indices.contains(sectionIndex) && sectionIndex > 0 ? file.sections[sectionIndex] : nil
            body(
                Symbol(name: strings[name..<end]) { extra, count in
                    guard let section, section.type != ELFSections.noBits, value >= section.address,
                        value - section.address + extra + UInt64(count) <= section.size
                    else { return [] }
                    return ELFCheck.read(descriptor, offset: section.offset + (value - section.address) + extra, count: count)
                })
        }
    }
}

extension ArraySlice where Element == UInt8 {
    fileprivate func ends(with suffix: String) -> Bool {
        let tail = Array(suffix.utf8)
        return count >= tail.count && self.suffix(tail.count).elementsEqual(tail)
    }
}
