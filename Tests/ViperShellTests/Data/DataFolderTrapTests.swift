import Contracts
import Foundation
import Testing
import ViperHostTestSupport
import ViperTestSupport
@testable import ViperRuntime
@testable import ViperShell
@testable import ViperCore
@testable import ViperLoading

/// The data folder is never a trap. Every file viper writes there is opened
/// without following a link (a link put in its place is refused or replaced, and the file it
/// points at keeps every byte), and a data folder others can write gets no write at all, with
/// one warning that says why and what to run.
@Suite struct DataFolderTrapTests {
    @Test func aHistoryLinkIsRefusedAndTheFileItPointsAtKeepsEveryLine() throws {
        let folder = try TemporaryFolder.make("data")
        let victim = try Self.victim(lines: 1_500)
        let history = try TemporaryFolder.link(victim.path, as: "history", in: folder)
        #expect(ReadlineReader.historyProblem(history) == "the history file \(history) is a symbolic link (writing it would change "
            + "the file it points at), not a regular file; history is off this session: remove it ('rm \(history)') so viper can start a new one")
        #expect(HistoryFile.read(history) == [])
        #expect(!HistoryFile.append("notes", to: history))
        HistoryFile.truncate(history, keeping: 1_000)
        #expect(try Data(contentsOf: URL(fileURLWithPath: victim.path)) == victim.bytes)
    }

    @Test func theHistoryKeepsItsLastLinesInAFileOfItsOwn() throws {
        let folder = try TemporaryFolder.make("data")
        let history = folder + "/history"
        for number in 1...1_005 { #expect(HistoryFile.append("open notes/\(number)", to: history)) }
        HistoryFile.truncate(history, keeping: 1_000)
        let lines = HistoryFile.read(history)
        #expect(lines.count == 1_000)
        #expect(lines.first == "open notes/6")
        #expect(lines.last == "open notes/1005")
        var info = stat()
        #expect(lstat(history, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && info.st_mode & 0o777 == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["history"])
    }

    @Test func aCacheWrittenWhereALinkStoodReplacesTheLinkAndNotItsTarget() throws {
        let folder = try TemporaryFolder.make("data")
        let victim = try Self.victim(lines: 3)
        let cache = try TemporaryFolder.link(victim.path, as: "plugin-cache", in: folder)
        // A link planted at the temporary name is not followed either.
        try TemporaryFolder.link(victim.path, as: "plugin-cache.tmp-\(getpid())", in: folder)
        try RebuildableFile.replace(cache, with: Array("cache\n".utf8), what: "the plugin cache")
        #expect(try Data(contentsOf: URL(fileURLWithPath: victim.path)) == victim.bytes)
        #expect(!DataFolderGuard.isLink(cache))
        #expect(try String(contentsOfFile: cache, encoding: .utf8) == "cache\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["plugin-cache"])
    }

    @Test func aLockWrittenWhereALinkStoodReplacesTheLinkAndNotItsTarget() throws {
        let folder = try TemporaryFolder.make("data")
        let victim = try Self.victim(lines: 3)
        let lock = try TemporaryFolder.link(victim.path, as: PluginLock.fileName, in: folder)
        try PluginLock().save(folder: folder)
        #expect(try Data(contentsOf: URL(fileURLWithPath: victim.path)) == victim.bytes)
        #expect(!DataFolderGuard.isLink(lock))
        #expect(try PluginLock.load(folder: folder) == PluginLock())
    }

    @Test func aLogLinkIsNotWrittenAndStartUpSaysWhy() throws {
        let folder = try TemporaryFolder.make("data")
        let victim = try Self.victim(lines: 3)
        let log = try TemporaryFolder.link(victim.path, as: "viper.log", in: folder)
        let logger = FileLogger(path: log, echoLevel: nil)
        logger.log(.error, "written through a link", source: "test")
        #expect(try Data(contentsOf: URL(fileURLWithPath: victim.path)) == victim.bytes)
        #expect(logger.fileProblem == "the log \(log) is a symbolic link, so viper does not write it (it could point at any file of yours); "
            + "remove it ('rm \(log)') and viper starts a new one")
    }

    @Test func aDatabaseLinkIsRefusedAndTheFileItPointsAtIsUntouched() throws {
        let folder = try TemporaryFolder.make("data")
        let victim = try Self.victim(lines: 3)
        try TemporaryFolder.link(victim.path, as: "notes.sqlite", in: folder)
        let error = try #require(throws: DatabaseError.self) { try SQLiteDatabaseOpening(folder: folder).open("notes") }
        #expect(error.message == "the database is a symbolic link, and viper opens no database through a link (it could point at any "
            + "file of yours); put the database file itself in its place ('mv'), or remove the link")
        #expect(try Data(contentsOf: URL(fileURLWithPath: victim.path)) == victim.bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["notes.sqlite"])
    }

    @Test func aDataFolderEveryoneCanWriteGetsNoWriteAndOneLineSaysWhy() throws {
        let folders = try TestRuntime.makeFolders()
        #expect(chmod(folders.data, 0o777) == 0)
        let runtime = try TestRuntime.start(TestRuntime.options(folders))
        let line = "viper writes nothing in the data folder \(folders.data) this session (no history, log, cache or databases): "
            + "it can be written by its group and everyone (mode 777), so another account could swap a file viper writes for a link "
            + "to one of yours; run 'chmod go-w \(folders.data)' or choose another with --data DIR"
        #expect(runtime.warnings == [line])
        #expect(runtime.dataWriteProblem == line)
        runtime.logger?.log(.error, "kept nowhere", source: "test")
        let error = try #require(throws: DatabaseError.self) { try runtime.databases.open("notes") }
        #expect(error.message == line)
        #expect(throws: HostError.self) { try RebuildableFile.replace(folders.data + "/plugin-cache", with: [1], what: "the plugin cache") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folders.data) == [])
    }

    @Test func aDataFolderAnotherAccountOwnsGetsNoWrite() throws {
        let folder = try TemporaryFolder.make("data")
        #expect(chown(folder, 4242, 4242) == 0)
        let problem = try #require(DataFolderGuard.writeProblem(folder))
        #expect(problem.contains("it belongs to uid 4242, not to you"))
        #expect(problem.hasSuffix("choose a data folder of your own with --data DIR"))
        #expect(!problem.contains("chmod"))
    }

    @Test func aDataFolderOfYourOwnIsWrittenAsBefore() throws {
        let folders = try TestRuntime.makeFolders()
        #expect(chmod(folders.data, 0o755) == 0)
        let runtime = try TestRuntime.start(TestRuntime.options(folders))
        #expect(runtime.dataWriteProblem == nil)
        #expect(runtime.warnings == [])
        #expect(FileManager.default.fileExists(atPath: folders.data + "/viper.log"))
    }

    /// A file of the user's that a trap would damage: `lines` numbered lines.
    private static func victim(lines: Int) throws -> (path: String, bytes: Data) {
        let folder = try TemporaryFolder.make("victim")
        let bytes = Data((1...lines).map { "line \($0)\n" }.joined().utf8)
        let path = try TemporaryFolder.write(Array(bytes), to: "bashrc", in: folder)
        return (path, bytes)
    }
}
