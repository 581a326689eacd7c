import Foundation
import ViperTestSupport

/// A small 64-bit little-endian ELF file made byte by byte: a null section, the section-name
/// table, a dynamic string table, a dynamic section and a `viper_contract_library` record.
/// Its fields can be damaged one at a time to test the readers' bounds.
struct TinyELF {
    struct Section {
        var name: String
        var type: UInt32
        var bytes: [UInt8]
        var link: UInt32 = 0
    }

    /// A contract library record: the magic "VCLB", then version 1.2 packed.
    static let record: [UInt8] = le(UInt32(0x5643_4C42)) + le(UInt32(0x0001_0002))

    var sections: [Section]
    /// `e_ident[EI_CLASS]`: 2 for 64-bit.
    var elfClass: UInt8 = 2
    /// Sizes written into section headers instead of the real ones, by section name.
    var declaredSizes: [String: UInt64] = [:]
    /// A section table offset written instead of the real one.
    var tableOffsetOverride: UInt64?
    /// Writes `e_shnum` 0 and `e_shstrndx` 0xFFFF, with the real values in section 0.
    var extendedNumbering = false

    static func standard() -> TinyELF {
        var strings: [UInt8] = [0], offsets: [String: UInt64] = [:]
        for text in ["libContracts.so", "libswiftCore.so", "libGreetings.so", "$ORIGIN::/opt/lib"] {
            offsets[text] = UInt64(strings.count)
            strings += Array(text.utf8) + [0]
        }
        func at(_ text: String) -> UInt64 { offsets[text] ?? 0 }
        let dynamic = le(UInt64(1)) + le(at("libContracts.so")) + le(UInt64(1)) + le(at("libswiftCore.so"))
            + le(UInt64(14)) + le(at("libGreetings.so")) + le(UInt64(29)) + le(at("$ORIGIN::/opt/lib"))
            + le(UInt64(0)) + le(UInt64(0))
        return TinyELF(sections: [
            Section(name: "", type: 0, bytes: []),
            Section(name: ".shstrtab", type: 3, bytes: []),
            Section(name: ".dynstr", type: 3, bytes: strings),
            Section(name: ".dynamic", type: 6, bytes: dynamic, link: 2),
            Section(name: "viper_contract_library", type: 1, bytes: record),
        ])
    }

    /// The file's bytes: header, each section's bytes, then the section header table.
    func bytes() -> [UInt8] {
        var names: [UInt8] = [0], nameOffsets: [UInt32] = []
        for section in sections {
            if section.name.isEmpty { nameOffsets.append(0); continue }
            nameOffsets.append(UInt32(names.count))
            names += Array(section.name.utf8) + [0]
        }
        var body: [UInt8] = [], offsets: [UInt64] = []
        for (index, section) in sections.enumerated() {
            offsets.append(UInt64(64 + body.count))
            body += index == 1 ? names : section.bytes
        }
        let tableOffset = UInt64(64 + body.count)
        var table: [UInt8] = []
        for (index, section) in sections.enumerated() {
            let real = UInt64(index == 1 ? names.count : section.bytes.count)
            var size = declaredSizes[section.name] ?? real
            var link = section.link
            if index == 0, extendedNumbering { size = UInt64(sections.count); link = 1 }
            table += le(nameOffsets[index]) + le(section.type) + le(UInt64(0)) + le(UInt64(0))
            table += le(offsets[index]) + le(size) + le(link) + le(UInt32(0)) + le(UInt64(1)) + le(UInt64(0))
        }
        var header: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, elfClass, 1, 1] + Array(repeating: 0, count: 9)
        header += le(UInt16(3)) + le(UInt16(62)) + le(UInt32(1)) + le(UInt64(0)) + le(UInt64(0))
        header += le(tableOffsetOverride ?? tableOffset) + le(UInt32(0)) + le(UInt16(64)) + le(UInt16(56)) + le(UInt16(0))
        header += le(UInt16(64)) + le(UInt16(extendedNumbering ? 0 : sections.count)) + le(UInt16(extendedNumbering ? 0xFFFF : 1))
        return header + body + table
    }

    /// Writes the file to a new temporary folder and returns its path.
    func write() throws -> String {
        let path = try TemporaryFolder.make("elf") + "/libTiny.so"
        try Data(bytes()).write(to: URL(fileURLWithPath: path))
        return path
    }
}

private func le<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
    withUnsafeBytes(of: value.littleEndian) { Array($0) }
}
