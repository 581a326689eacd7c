import Foundation
import Testing
@testable import ViperELF
@testable import ViperLoading
import ViperTestSupport

/// The one section-table reader that ``ELFLinkage`` and ``ContractLibraryELF`` share: what it
/// reads from a well-formed file, and that a damaged file reads as less, never as a trap.
@Suite struct ELFSectionsTests {
    @Test func bothReadersTakeTheSameNamesFromTheDynamicSection() throws {
        let path = try TinyELF.standard().write()
        let linkage = try withFile(path) { ELFLinkage(descriptor: $0, size: $1) }
        let library = try withFile(path) { ContractLibraryELF(descriptor: $0, size: $1, depth: .dynamic) }
        #expect(linkage.hasSections)
        #expect(linkage.needed == ["libContracts.so", "libswiftCore.so"])
        #expect(linkage.runPaths == ["$ORIGIN", "/opt/lib"])
        #expect(library.needed == linkage.needed)
        #expect(library.runPaths == linkage.runPaths)
        #expect(library.soname == "libGreetings.so")
    }

    @Test func aSectionIsFoundByNameAndItsBytesRead() throws {
        let path = try TinyELF.standard().write()
        let library = try withFile(path) { ContractLibraryELF(descriptor: $0, size: $1, depth: .record) }
        #expect(library.record == TinyELF.record)
        #expect(library.packedVersion == 0x0001_0002)
        #expect(library.needed == [], "the .record depth reads no dynamic section")
    }

    @Test func aSectionThatRunsPastTheEndIsCutAtTheEnd() throws {
        var elf = TinyELF.standard()
        elf.declaredSizes["viper_contract_library"] = 1 << 40
        let path = try elf.write()
        // The reader reads sections on request, so it is used while the file is open.
        let (bytes, rest) = try withFile(path) { descriptor, size -> ([UInt8], UInt64) in
            guard let sections = ELFSections(descriptor: descriptor, size: size),
                  let index = sections.index(of: "viper_contract_library", names: sections.names()) else { return ([], 0) }
            return (sections.contents(index), size - sections.sections[index].offset)
        }
        #expect(bytes.starts(with: TinyELF.record))
        #expect(UInt64(bytes.count) == rest)
    }

    @Test func extendedNumberingTakesTheCountAndNamesFromTheFirstSection() throws {
        var elf = TinyELF.standard()
        elf.extendedNumbering = true
        let path = try elf.write()
        let (count, dynamic) = try withFile(path) { descriptor, size -> (Int, Int?) in
            let sections = ELFSections(descriptor: descriptor, size: size)
            return (sections?.sections.count ?? 0, sections.flatMap { $0.index(of: ".dynamic", names: $0.names()) })
        }
        #expect(count == elf.sections.count)
        #expect(dynamic == 3)
    }

    @Test func aTableThatDoesNotFitTheFileGivesNoReader() throws {
        var elf = TinyELF.standard()
        elf.tableOffsetOverride = 1 << 40
        let path = try elf.write()
        #expect(try withFile(path) { ELFSections(descriptor: $0, size: $1) } == nil)
        #expect(try withFile(path) { ELFLinkage(descriptor: $0, size: $1) }.hasSections == false)
    }

    @Test func aThirtyTwoBitFileGivesNoReader() throws {
        var elf = TinyELF.standard()
        elf.elfClass = 1
        let path = try elf.write()
        #expect(try withFile(path) { ELFSections(descriptor: $0, size: $1) } == nil)
    }

    @Test func stringsOutsideTheirTableReadAsEmpty() {
        let table: [UInt8] = Array("abc\0de".utf8)
        #expect(ELFSections.string(in: table, at: 0) == "abc")
        #expect(ELFSections.string(in: table, at: 4) == "de", "an unterminated last string ends at the table's end")
        #expect(ELFSections.string(in: table, at: 6) == "")
        #expect(ELFSections.string(in: table, at: -1) == "")
        #expect(!ELFSections.hasName(Array("de\0".utf8), in: table, at: 4))
        #expect(ELFSections.hasName(Array("abc\0".utf8), in: table, at: 0))
    }
}
