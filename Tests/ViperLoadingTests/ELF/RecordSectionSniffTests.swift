import Foundation
import Testing
@testable import ViperELF
@testable import ViperLoading
import ViperTestSupport

/// The cheap first look at a file at start-up (``ContractLibraryELF/namesRecordSection(descriptor:size:)``):
/// it must say yes exactly when the `.record` read it stands in for finds a record's section,
/// on whole files and on damaged ones.
@Suite struct RecordSectionSniffTests {
    @Test func aContractLibraryNamesItsRecordSection() throws {
        let path = try TinyELF.standard().write()
        #expect(try withFile(path) { ContractLibraryELF.namesRecordSection(descriptor: $0, size: $1) })
        #expect(ContractLibraryELF.sniff(path: path)?.record == TinyELF.record)
    }

    @Test func aFileWithoutEitherRecordIsSniffedAsThePlainReadSeesIt() throws {
        let path = try Self.plugin().write()
        #expect(try withFile(path) { ContractLibraryELF.namesRecordSection(descriptor: $0, size: $1) } == false)
        let sniffed = try #require(ContractLibraryELF.sniff(path: path))
        let plain = try withFile(path) { ContractLibraryELF(descriptor: $0, size: $1, depth: .record) }
        #expect(sniffed.record == nil && plain.record == nil)
        #expect(sniffed.hasKitRecord == plain.hasKitRecord && !sniffed.hasKitRecord)
        #expect(sniffed.needed == [] && sniffed.soname == nil && !sniffed.definesPluginEntry)
    }

    @Test func conformanceKitsRecordSectionCountsToo() throws {
        var elf = Self.plugin()
        elf.sections.append(TinyELF.Section(name: ContractLibraryELF.kitSectionName, type: 1, bytes: [1, 2, 3, 4]))
        let path = try elf.write()
        #expect(try withFile(path) { ContractLibraryELF.namesRecordSection(descriptor: $0, size: $1) })
        #expect(ContractLibraryELF.sniff(path: path)?.hasKitRecord == true)
    }

    @Test func aNameTableFarFromTheSectionTableGivesTheAnswerOfTheFullRead() throws {
        for elf in [Self.padded(TinyELF.standard()), Self.padded(Self.plugin())] {
            let path = try elf.write()
            let (quick, full) = try withFile(path) { descriptor, size -> (Bool, Bool) in
                let read = ContractLibraryELF(descriptor: descriptor, size: size, depth: .record)
                return (ContractLibraryELF.namesRecordSection(descriptor: descriptor, size: size), read.record != nil)
            }
            #expect(quick == full)
        }
        #expect(ContractLibraryELF.sniff(path: try Self.padded(TinyELF.standard()).write())?.record == TinyELF.record)
    }

    @Test func aLongerNameEndingInTheRecordsNameIsNotTheRecord() throws {
        var elf = Self.plugin()
        elf.sections.append(TinyELF.Section(name: "my_" + ContractLibraryELF.sectionName, type: 1, bytes: TinyELF.record))
        let path = try elf.write()
        #expect(try withFile(path) { ContractLibraryELF.namesRecordSection(descriptor: $0, size: $1) } == false)
        #expect(ContractLibraryELF.sniff(path: path)?.record == nil)
    }

    @Test func extendedNumberingIsFollowedAsTheSectionReaderFollowsIt() throws {
        var elf = TinyELF.standard()
        elf.extendedNumbering = true
        let path = try elf.write()
        #expect(try withFile(path) { ContractLibraryELF.namesRecordSection(descriptor: $0, size: $1) })
    }

    @Test func everyDamagedByteGivesTheAnswerOfTheFullRead() throws {
        for elf in [TinyELF.standard(), Self.plugin()] {
            let original = elf.bytes()
            let path = try TemporaryFolder.make("sniff") + "/libDamaged.so"
            try Data(original).write(to: URL(fileURLWithPath: path))
            let descriptor = open(path, O_RDWR)
            try #require(descriptor >= 0)
            defer { close(descriptor) }
            let size = UInt64(original.count)
            for position in original.indices {
                for value: UInt8 in [0x00, 0xFF, 0x41] where original[position] != value {
                    Self.put(value, at: position, in: descriptor)
                    let read = ContractLibraryELF(descriptor: descriptor, size: size, depth: .record)
                    let quick = ContractLibraryELF.namesRecordSection(descriptor: descriptor, size: size)
                    #expect(quick == (read.record != nil || read.hasKitRecord), "byte \(position) set to \(value)")
                }
                Self.put(original[position], at: position, in: descriptor)
            }
        }
    }

    @Test(arguments: [false, true])
    func aFileCutShortGivesTheAnswerOfTheFullRead(padded: Bool) throws {
        let original = (padded ? Self.padded(TinyELF.standard()) : TinyELF.standard()).bytes()
        let path = try TemporaryFolder.make("sniff") + "/libShort.so"
        try Data(original).write(to: URL(fileURLWithPath: path))
        let descriptor = open(path, O_RDWR)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        for length in (0...original.count).reversed() {
            try #require(ftruncate(descriptor, off_t(length)) == 0)
            let read = ContractLibraryELF(descriptor: descriptor, size: UInt64(length), depth: .record)
            let quick = ContractLibraryELF.namesRecordSection(descriptor: descriptor, size: UInt64(length))
            #expect(quick == (read.record != nil || read.hasKitRecord), "cut at \(length) bytes")
        }
    }

    /// The standard file without its record: what a plugin looks like to the sniff.
    private static func plugin() -> TinyELF {
        var elf = TinyELF.standard()
        elf.sections.removeAll { $0.name == ContractLibraryELF.sectionName }
        return elf
    }

    /// Writes one byte in place: the damaged file is the same file, one byte changed at a time.
    private static func put(_ value: UInt8, at position: Int, in descriptor: Int32) {
        var byte = value
        _ = pwrite(descriptor, &byte, 1, off_t(position))
    }

    /// `elf` with 8 KiB of bytes between its name table and its section table.
    private static func padded(_ elf: TinyELF) -> TinyELF {
        var padded = elf
        padded.sections.append(TinyELF.Section(name: ".padding", type: 1, bytes: Array(repeating: 0x2E, count: 8192)))
        return padded
    }
}
