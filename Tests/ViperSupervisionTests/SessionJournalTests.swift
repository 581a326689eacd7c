import Foundation
import Testing
import ViperTestSupport
@testable import ViperCore
@testable import ViperSupervision

/// The session journal (issue 24): the stack and the unsaved work, written after commands into a
/// file mapped in memory, and read back whole or not at all.
@Suite struct SessionJournalTests {
    private func makeJournal(work: String? = "{\"title\":\"Draft\",\"body\":\"a\\nb\\tc ✓\"}") -> SessionJournal {
        SessionJournal(modules: [
            KeptModule(path: "notes", contract: "Contracts.NoteListing", name: nil, plugin: "notes", presented: false),
            KeptModule(path: nil, contract: "Contracts.NoteEditing", name: "plain", plugin: "notes", presented: true),
        ], work: [nil, work], savedAt: 1_790_000_000.5)
    }

    private func makeFile() throws -> JournalFile {
        let folder = try TemporaryFolder.make("journal")
        return try #require(JournalFile.create(folder + "/1.journal"))
    }

    @Test func aJournalReadsBackAsItWasWritten() throws {
        let journal = makeJournal()
        let decoded = journal.encoded().withUnsafeBytes { SessionJournal.decode($0) }
        #expect(decoded == journal)
    }

    @Test func aJournalWithoutModulesReadsBackEmpty() {
        let journal = SessionJournal(modules: [], work: [], savedAt: 0)
        #expect(journal.encoded().withUnsafeBytes { SessionJournal.decode($0) } == journal)
    }

    @Test func cutBytesAreNoJournal() {
        let bytes = makeJournal().encoded()
        for length in [0, 3, 9, bytes.count / 2, bytes.count - 1] {
            #expect(Array(bytes.prefix(length)).withUnsafeBytes { SessionJournal.decode($0) } == nil, "length \(length)")
        }
    }

    @Test func theFileGivesTheJournalWrittenLast() throws {
        let file = try makeFile()
        #expect(file.read() == nil)
        file.write(makeJournal(work: "first"))
        file.write(makeJournal(work: "second"))
        #expect(file.read()?.work == [nil, "second"])
        #expect(JournalFile.read(file.path)?.work == [nil, "second"])
    }

    @Test func aDamagedSlotIsNoJournalRatherThanAWrongOne() throws {
        let file = try makeFile()
        file.write(makeJournal())
        let handle = try #require(FileHandle(forUpdatingAtPath: file.path))
        try handle.seek(toOffset: UInt64(4096 + (JournalFile.size - 4096) / 2 + 20))  // inside slot 1, which the first write names
        try handle.write(contentsOf: Data("XXXX".utf8))
        try handle.close()
        #expect(JournalFile.read(file.path) == nil)
    }

    @Test func aJournalTooLargeForItsSlotIsRefusedAndTheLastOneKept() throws {
        let file = try makeFile()
        file.write(makeJournal(work: "kept"))
        #expect(!file.write(makeJournal(work: String(repeating: "x", count: JournalFile.size))))
        #expect(file.read()?.work == [nil, "kept"])
    }
}
