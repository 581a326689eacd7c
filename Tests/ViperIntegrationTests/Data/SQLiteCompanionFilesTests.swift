import Contracts
import Foundation
import Testing
import ViperTestSupport
@testable import ViperRuntime

/// `-wal` and `-shm` files that do not belong to the database are named
/// with the fix before SQLite opens it (SQLite would replay a foreign WAL, drop a damaged
/// one without a word, and write through a link or into a FIFO).
@Suite struct SQLiteCompanionFilesTests {
    static var python3Available: Bool {
        (try? FixtureCompiler.run(["python3", "-c", "import sqlite3"]).status) == 0
    }

    @Test(.enabled(if: python3Available, "needs python3 with sqlite3 to write a foreign WAL"))
    func aWALLeftByADatabaseWithOtherPagesIsRefused() throws {
        let folder = try TemporaryFolder.make("companions")
        let path = folder + "/notes.sqlite"
        try SQLiteDatabase(path: path).close()  // 4096-byte pages, no WAL left
        // A WAL written by another database (1024-byte pages), copied while it was open.
        let script = """
            import sqlite3, shutil, sys
            c = sqlite3.connect(sys.argv[1] + '/other.sqlite')
            c.execute('PRAGMA page_size=1024'); c.execute('PRAGMA journal_mode=WAL')
            c.execute('PRAGMA wal_autocheckpoint=0'); c.execute('CREATE TABLE t(x)'); c.commit()
            shutil.copy(sys.argv[1] + '/other.sqlite-wal', sys.argv[1] + '/notes.sqlite-wal')
            """
        let made = try FixtureCompiler.run(["python3", "-c", script, folder])
        #expect(made.status == 0, "\(made.output)")

        let error = try #require(throws: DatabaseError.self) { try SQLiteDatabase(path: path) }
        #expect(error.description == "\(path): \(path)-wal does not belong to \(path) (pages of 1024 bytes, the database has 4096); "
            + "it was left by another database: move \(path)-wal and \(path)-shm aside")
    }

    @Test func aSharedMemoryFileThatIsAFIFOIsRefusedWithoutBlocking() throws {
        let folder = try TemporaryFolder.make("companions")
        let path = folder + "/notes.sqlite"
        try SQLiteDatabase(path: path).close()
        #expect(mkfifo(path + "-shm", 0o600) == 0)
        let error = try #require(throws: DatabaseError.self) { try SQLiteDatabase(path: path) }
        #expect(error.message == "\(path)-shm is not a regular file (a link, FIFO or device), so it does not belong to this database; "
            + "remove it ('rm \(path)-shm') and start viper again")
    }

    @Test func aWALThatOthersCanWriteIsRefused() throws {
        let folder = try TemporaryFolder.make("companions")
        let path = folder + "/notes.sqlite"
        try SQLiteDatabase(path: path).close()
        #expect(FileManager.default.createFile(atPath: path + "-wal", contents: nil, attributes: [.posixPermissions: 0o666]))
        #expect(chmod(path + "-wal", 0o666) == 0)
        let error = try #require(throws: DatabaseError.self) { try SQLiteDatabase(path: path) }
        #expect(error.message.hasPrefix("\(path)-wal belongs to another account or can be written by others"))
    }

    @Test func theWALOfALiveDatabaseIsAccepted() throws {
        let folder = try TemporaryFolder.make("companions")
        let path = folder + "/notes.sqlite"
        let writer = try SQLiteDatabase(path: path)
        try writer.execute("CREATE TABLE t(x)", [])
        try writer.execute("INSERT INTO t VALUES (1)", [])
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(SQLiteCompanionFiles.problem(database: path) == nil)
        let reader = try SQLiteDatabase(path: path)
        #expect(try reader.query("SELECT x FROM t", []).count == 1)
    }
}
