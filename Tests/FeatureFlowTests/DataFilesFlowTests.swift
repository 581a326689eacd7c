import Foundation
import Testing
import ViperTestSupport

/// What is on disk after viper ends, and what viper says about data files
/// it cannot use. A clean quit leaves `notes.sqlite` alone holding the notes (people copy
/// that file as a backup); a damaged or stray `-wal` is named with the fix instead of the
/// list reading "No notes yet"; a database that cannot be opened fails a scripted session.
@Suite struct DataFilesFlowTests {
    static let writeANote = ["open notes", "new Groceries", "signup ada secret", "add milk", "save"]

    @Test func aCleanQuitLeavesNotesSqliteAloneHoldingTheNotes() throws {
        let session = ViperSession()
        let first = try session.shell(Self.writeANote + ["quit"])
        #expect(first.status == 0, "\(first.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: session.dataFolder)
        #expect(!files.contains("notes.sqlite-wal") && !files.contains("notes.sqlite-shm"), "\(files)")

        // Only the copied file, in a new data folder (no accounts there: ada signs up again): the note is there.
        let restored = ViperSession()
        try FileManager.default.copyItem(atPath: session.dataFolder + "/notes.sqlite", toPath: restored.dataFolder + "/notes.sqlite")
        let after = try restored.shell(["open notes", "login", "signup ada secret"])
        #expect(Screens(after.stdout).last("Home › Notes").contains { $0.hasPrefix("  1. Groceries — milk (modified ") }, "\(after.stdout)")
        #expect(after.status == 0, "\(after.stderr)")
    }

    @Test func aDamagedWALIsNamedWithTheFixInsteadOfReadingAsNoNotes() throws {
        let session = try Self.killedAfterSaving()
        let wal = session.dataFolder + "/notes.sqlite-wal"
        let handle = try #require(FileHandle(forWritingAtPath: wal))
        try handle.write(contentsOf: Data(repeating: 0x41, count: 32))
        try handle.close()

        let after = try session.run(["-c", "open notes"])
        #expect(after.status == 1)
        #expect(!after.stdout.contains("No notes yet"), "\(after.stdout)")
        let errors = Self.errorLines(after.stderr)
        #expect(errors.count == 1, "\(after.stderr)")
        #expect(errors.first?.contains("\(wal) is damaged") == true, "\(after.stderr)")
        #expect(errors.first?.contains("restore \(session.dataFolder)/notes.sqlite from a backup, or move \(wal)") == true)
    }

    @Test func aWALWhoseDatabaseIsGoneIsNamedWithTheFix() throws {
        let session = try Self.killedAfterSaving()
        try FileManager.default.removeItem(atPath: session.dataFolder + "/notes.sqlite")
        let after = try session.run(["-c", "open notes"])
        #expect(after.status == 1)
        #expect(!after.stdout.contains("No notes yet"), "\(after.stdout)")
        let errors = Self.errorLines(after.stderr)
        #expect(errors.count == 1, "\(after.stderr)")
        #expect(errors.first?.contains("notes.sqlite-wal holds writes for a database that is not there") == true, "\(after.stderr)")
    }

    @Test func aScriptedSessionOnADatabaseThatCannotBeOpenedExitsNonZeroWithOneLine() throws {
        let session = ViperSession()
        try Data("my precious notes, not a database".utf8).write(to: URL(fileURLWithPath: session.dataFolder + "/notes.sqlite"))
        let scripted = try session.run(["-c", "open notes"])
        #expect(scripted.status == 1)
        let errors = Self.errorLines(scripted.stderr)
        #expect(errors.count == 1, "\(scripted.stderr)")
        #expect(errors.first?.hasPrefix("error: data may not be saved: \(session.dataFolder)/notes.sqlite: not a valid SQLite database") == true,
                "\(scripted.stderr)")
        let piped = try session.shell(["open notes"])
        #expect(piped.status == 1)
        #expect(Self.errorLines(piped.stderr).count == 1, "\(piped.stderr)")
    }

    @Test func aScriptedSessionOnAReadOnlyDataFolderExitsNonZeroWithOneLine() throws {
        let disk = try SmallDisk(kibibytes: 512)
        defer { disk.unmount() }
        var session = ViperSession()
        session.environment["VIPER_DATA_DIR"] = disk.path
        #expect(try session.shell(Self.writeANote).status == 0)
        #expect(disk.makeReadOnly(), "cannot remount the tmpfs read-only")

        let after = try session.run(["-c", "open notes"])
        #expect(after.status == 1)
        let errors = Self.errorLines(after.stderr)
        #expect(errors.count == 1, "\(after.stderr)")
        // The first database read (who stays signed in, then the notes) names its file.
        #expect(errors.first.map { $0.contains("\(disk.path)/accounts.sqlite") || $0.contains("\(disk.path)/notes.sqlite") } == true,
                "\(after.stderr)")
    }

    /// A session that saved a note and was killed: the note is only in the WAL.
    static func killedAfterSaving() throws -> ViperSession {
        let session = ViperSession()
        let viper = try session.start()
        for line in writeANote { viper.send(line) }
        try viper.waitFor("Saved 'Groceries'.")
        viper.killNow()
        let wal = session.dataFolder + "/notes.sqlite-wal"
        let size = (try FileManager.default.attributesOfItem(atPath: wal)[.size] as? NSNumber)?.intValue ?? 0
        #expect(size > 32, "the killed session left no WAL to test with")
        return session
    }

    static func errorLines(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("error:") }
    }
}
