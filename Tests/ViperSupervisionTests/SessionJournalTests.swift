import Foundation
import Testing
import ViperTestSupport
@testable import ViperCore
@testable import ViperSupervision

/// The session journal: a log of stack changes and unsaved work, appended by the worker to a tail
/// in shared memory and written to the file before the worker waits for input, read by the
/// supervisor with `pread` (and the tail laid over it), which believes none of its bytes.
@Suite struct SessionJournalTests {
    private let list = KeptModule(path: "notes", contract: "Contracts.NoteListing", name: nil, plugin: "notes", presented: false)
    private let editor = KeptModule(path: nil, contract: "Contracts.NoteEditing", name: "plain", plugin: "notes", presented: true)
    private let draft = "{\"title\":\"Draft\",\"body\":\"a\\nb\\tc ✓\"}"

    private func makeFile() throws -> JournalFile {
        let folder = try TemporaryFolder.make("journal")
        return try #require(JournalFile.create(folder + "/1.journal"))
    }

    private func overwrite(_ file: JournalFile, at offset: UInt64, with bytes: [UInt8]) throws {
        let handle = try #require(FileHandle(forUpdatingAtPath: file.path))
        try handle.seek(toOffset: offset)
        try handle.write(contentsOf: Data(bytes))
        try handle.close()
    }

    @Test func aFreshJournalHoldsNothingAndIsNotDamaged() throws {
        let reading = try makeFile().read()
        #expect(reading.journal == nil)
        #expect(reading.damage == nil)
    }

    @Test func pushesWorkAndCutsReadBackAsTheStackWas() throws {
        let file = try makeFile()
        let writer = file.writerInWorker()
        writer.commit([.push(list, work: nil)], savedAt: 10)
        writer.commit([.push(editor, work: "first")], savedAt: 11)
        writer.commit([.work(position: 1, work: draft)], savedAt: 12)
        let reading = file.read()
        #expect(reading.damage == nil)
        #expect(reading.journal == SessionJournal(modules: [list, editor], work: [nil, draft], savedAt: 12))
        writer.commit([.cut(depth: 1)], savedAt: 13)
        #expect(writer.flush())
        #expect(JournalFile.read(file.path).journal == SessionJournal(modules: [list], work: [nil], savedAt: 13))
    }

    @Test func aNewWorkerStartsOverWithoutLosingTheLastJournalFirst() throws {
        let file = try makeFile()
        let first = file.writerInWorker()
        first.commit([.push(list, work: "old")], savedAt: 1)
        let second = file.writerInWorker()
        #expect(file.read().journal?.work == ["old"], "a new writer changes nothing until it commits")
        second.commit([.push(editor, work: "new")], savedAt: 2)
        #expect(file.read().journal == SessionJournal(modules: [editor], work: ["new"], savedAt: 2))
    }

    @Test func aPushWritesTheSameBytesAtAnyDepth() throws {
        let file = try makeFile()
        let writer = file.writerInWorker()
        writer.commit([.push(list, work: nil)], savedAt: 1)
        func bytesOfOnePush() -> Int {
            let before = writer.offset
            writer.commit([.push(list, work: nil)], savedAt: 1)
            return writer.offset - before
        }
        let shallow = bytesOfOnePush()
        for _ in 0..<500 { writer.commit([.push(list, work: nil)], savedAt: 1) }
        #expect(bytesOfOnePush() == shallow)
        #expect(file.read().journal?.modules.count == 503)
    }

    @Test func aFullHalfIsCompactedIntoTheOtherAndNothingIsLost() throws {
        let file = try makeFile()
        let writer = file.writerInWorker()
        writer.commit([.push(list, work: nil), .push(editor, work: nil)], savedAt: 1)
        let body = String(repeating: "x", count: 4000)
        for round in 0..<400 {  // far more than one half holds
            writer.commit([.work(position: 1, work: "\(round) \(body)")], savedAt: Double(round))
        }
        let reading = file.read()
        #expect(reading.damage == nil)
        #expect(reading.journal?.modules == [list, editor])
        #expect(reading.journal?.work.last == "399 \(body)")
    }

    @Test func aFileCutShortIsReadWithoutAFaultAndTheDamageIsNamed() throws {
        let file = try makeFile()
        let writer = file.writerInWorker()
        writer.commit([.push(list, work: nil)], savedAt: 1)
        let first = writer.offset
        writer.commit([.push(editor, work: draft)], savedAt: 2)
        #expect(writer.flush())
        // What plugin code in the worker can do; the first commit went into half 1, as a snapshot.
        #expect(truncate(file.path, off_t(JournalFile.halvesOffset + JournalFile.halfSize) + off_t(first + 10)) == 0)
        let reading = file.read()
        #expect(reading.damage == "record 3 runs past the end of the file")
        #expect(reading.journal?.modules.first == list, "the records before the cut are kept")
        let next = file.writerInWorker()
        #expect(next.commit([.push(editor, work: "again")], savedAt: 3), "the next worker writes again")
        #expect(file.read().journal?.work == ["again"])
    }

    @Test func recordsInTheTailReachTheSupervisorAndTheFileOnlyWhenFlushed() throws {
        let file = try makeFile()
        let writer = file.writerInWorker()
        writer.commit([.push(list, work: nil)], savedAt: 1)
        #expect(writer.flush())
        writer.commit([.push(editor, work: draft)], savedAt: 2)
        let both = SessionJournal(modules: [list, editor], work: [nil, draft], savedAt: 2)
        #expect(file.read().journal == both, "the supervisor lays the tail over the file")
        #expect(JournalFile.read(file.path).journal?.modules == [list], "the file alone has what was flushed")
        #expect(writer.flush())
        #expect(JournalFile.read(file.path).journal == both)
        #expect(file.read().journal == both, "a flushed tail is not laid twice")
    }

    @Test func aWorkerThatDiesBetweenWritingTheTailAndEmptyingItLosesAndRepeatsNothing() throws {
        let file = try makeFile()
        let writer = file.writerInWorker()
        writer.commit([.push(list, work: nil)], savedAt: 1)
        #expect(writer.flush())
        let start = writer.offset
        writer.commit([.push(editor, work: draft)], savedAt: 2)
        // What the flush's `pwrite` leaves when the worker dies before the tail moves on.
        let tail = try #require(file.tail)
        #expect(tail.start == start && tail.count == writer.offset - start)
        var half = [UInt8](repeating: 0, count: JournalFile.halfSize)
        _ = tail.lay(over: &half, half: 1, generation: 1)
        try overwrite(file, at: UInt64(JournalFile.halvesOffset + JournalFile.halfSize + start), with: Array(half[start..<writer.offset]))
        let reading = file.read()
        #expect(reading.damage == nil)
        #expect(reading.journal == SessionJournal(modules: [list, editor], work: [nil, draft], savedAt: 2))
    }

    @Test func aTailScribbledByPluginCodeKeepsWhatCameBeforeAndNamesTheDamage() throws {
        let file = try makeFile()
        let writer = file.writerInWorker()
        writer.commit([.push(list, work: nil)], savedAt: 1)
        #expect(writer.flush())
        writer.commit([.push(editor, work: draft)], savedAt: 2)
        let tail = try #require(file.tail)
        // Plugin code in the worker can write any byte of the tail: a record's bytes here.
        var half = [UInt8](repeating: 0, count: JournalFile.halfSize)
        _ = tail.lay(over: &half, half: 1, generation: 1)
        let start = tail.start
        var scribbled = Array(half[start..<writer.offset])
        for index in 20..<27 { scribbled[index] ^= 0x5A }
        tail.startOver(generation: 1, half: 1, at: start)
        #expect(tail.append(scribbled))
        let reading = file.read()
        #expect(reading.journal?.modules == [list])
        #expect(reading.damage?.contains("record 3") == true, "\(String(describing: reading.damage))")
    }

    @Test func aTailThatPointsPastTheHalfIsNotLaid() throws {
        let file = try makeFile()
        let writer = file.writerInWorker()
        writer.commit([.push(list, work: nil)], savedAt: 1)
        #expect(writer.flush())
        let tail = try #require(file.tail)
        tail.startOver(generation: 1, half: 1, at: JournalFile.halfSize - 3)
        #expect(tail.append(Array(repeating: 0xFF, count: 100)))
        let reading = file.read()
        #expect(reading.journal?.modules == [list])
        #expect(reading.damage == nil, "\(String(describing: reading.damage))")
    }

    @Test func aFileCutBeforeItsHeaderIsNoJournal() throws {
        let file = try makeFile()
        #expect(truncate(file.path, 3) == 0)
        let reading = file.read()
        #expect(reading.journal == nil)
        #expect(reading.damage == "it was cut short")
    }

    @Test func garbageInARecordKeepsTheRecordsBeforeItAndNamesTheDamage() throws {
        let file = try makeFile()
        let writer = file.writerInWorker()
        writer.commit([.push(list, work: nil)], savedAt: 1)
        let good = writer.offset
        writer.commit([.push(editor, work: draft)], savedAt: 2)
        #expect(writer.flush())
        try overwrite(file, at: UInt64(JournalFile.halvesOffset + JournalFile.halfSize + good + 20), with: Array("GARBAGE".utf8))
        // The first commit of a writer is a snapshot in half 1; the second is appended there.
        let reading = file.read()
        #expect(reading.damage?.contains("checksum") == true, "\(String(describing: reading.damage))")
        #expect(reading.journal?.modules == [list])
    }

    @Test func aHeadOfAnotherGenerationMatchesNoRecord() throws {
        let file = try makeFile()
        file.writerInWorker().commit([.push(list, work: nil)], savedAt: 1)
        #expect(file.writeHead(half: 1, generation: 99))
        let reading = file.read()
        #expect(reading.journal == nil)
        #expect(reading.damage == "record 1 does not match its checksum")
    }

    @Test func recordsWrittenPastAHoleAreNamedAsDamage() throws {
        let file = try makeFile()
        let writer = file.writerInWorker()
        writer.commit([.push(list, work: nil)], savedAt: 1)
        let first = writer.offset
        writer.commit([.push(editor, work: nil)], savedAt: 2)
        #expect(writer.flush())
        // Plugin code zeroes the second commit; the worker then writes a third after the hole.
        try overwrite(file, at: UInt64(JournalFile.halvesOffset + JournalFile.halfSize + first), with: [UInt8](repeating: 0, count: writer.offset - first))
        writer.commit([.work(position: 1, work: "after")], savedAt: 3)
        #expect(writer.flush())
        let reading = file.read()
        #expect(reading.journal?.modules == [list])
        #expect(reading.damage == "records after the 2th were erased or overwritten")
    }

    @Test func overwrittenMagicIsNotAJournal() throws {
        let file = try makeFile()
        try overwrite(file, at: 0, with: Array("EVIL".utf8))
        #expect(file.read().damage?.contains("not a journal") == true)
    }

    @Test func recordsThatDescribeAnImpossibleStackStopTheReplay() {
        var bytes: [UInt8] = []
        JournalRecord.push(list, work: nil).append(to: &bytes, generation: 1)
        JournalRecord.work(position: 5, work: "lost").append(to: &bytes, generation: 1)
        JournalRecord.push(editor, work: nil).append(to: &bytes, generation: 1)
        var replay = JournalReplay(generation: 1)
        bytes.withUnsafeBytes { replay.apply($0) }
        #expect(replay.journal?.modules == [list])
        #expect(replay.damage == "record 2 gives work to a module that is not on the stack")
        var cut: [UInt8] = []
        JournalRecord.cut(depth: 3).append(to: &cut, generation: 1)
        var second = JournalReplay(generation: 1)
        cut.withUnsafeBytes { second.apply($0) }
        #expect(second.damage == "record 1 cuts the stack at a depth it does not have")
    }

    @Test func aJournalTooLargeForAHalfIsRefusedAndTheLastOneKept() throws {
        let file = try makeFile()
        let writer = file.writerInWorker()
        writer.commit([.push(list, work: "kept")], savedAt: 1)
        #expect(!writer.commit([.push(editor, work: String(repeating: "x", count: JournalFile.size))], savedAt: 2))
        #expect(file.read().journal?.work == ["kept"])
    }

    @Test func aLinkAtTheJournalsNameIsReplacedNotWrittenThrough() throws {
        let folder = try TemporaryFolder.make("journal-link")
        let target = folder + "/precious"
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: target))
        #expect(symlink(target, folder + "/2.journal") == 0)
        let file = try #require(JournalFile.create(folder + "/2.journal"))
        let writer = file.writerInWorker()
        writer.commit([.push(list, work: "x")], savedAt: 1)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me")
        var status = stat()
        #expect(lstat(file.path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG)
        #expect(JournalFile.read(folder + "/2.journal").journal?.work == ["x"])
    }

    @Test func aLinkIsNotFollowedWhenAJournalIsReadForRecovery() throws {
        let folder = try TemporaryFolder.make("journal-read-link")
        let real = try #require(JournalFile.create(folder + "/3.journal"))
        real.writerInWorker().commit([.push(list, work: "x")], savedAt: 1)
        #expect(symlink(real.path, folder + "/4.journal") == 0)
        #expect(JournalFile.read(folder + "/4.journal").journal == nil)
    }
}
