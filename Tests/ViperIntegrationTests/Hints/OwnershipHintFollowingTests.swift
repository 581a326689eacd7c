import Foundation
import Testing
import ViperTestSupport

/// What viper says about files another account owns or could swap, followed as it says: a plugin
/// or plugin folder of another account ("if you trust it, run 'chown ...'"), a data folder of
/// another account ("choose a data folder of your own with --data DIR"), a database that is a
/// link or has a companion file that is not its own, and a plugin lock that is a link. Each test makes the problem, reads the line,
/// does what it says and sees the problem gone.
@Suite(.tags(.slow)) struct OwnershipHintFollowingTests {
    /// An account that is neither the one running the tests nor root.
    static let other = "65534"

    static var runsAsRoot: Bool { geteuid() == 0 }

    /// A plugin file of another account, and a plugin folder of another account.
    @Test(.enabled(if: runsAsRoot, "only root can give a file to another account"), arguments: [false, true])
    func aPluginOfAnotherAccountLoadsAfterTheChownTheRefusalNames(folder: Bool) throws {
        let viper = ViperProcess()
        let plugin = try #require(try viper.installInUserFolder([try Fixtures.good()]).first)
        let target = folder ? viper.userPluginFolder : plugin
        #expect(try Subprocess.tool(["chown", Self.other, target]).status == 0)
        let refused = try viper.run(["doctor"])
        #expect(refused.status == 1, "\(refused.output)")
        let line = try #require(Hint.line("so its owner could replace the code viper runs; if you trust it, run 'chown ", in: refused.output),
                                "\(refused.output)")
        let chown = try Hint.command("chown", in: line)
        #expect(chown.last == target, "\(line)")
        #expect(try Hint.run(chown, with: viper).status == 0)
        let followed = try viper.run(["doctor"])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(try viper.run(["plugins"]).stdout.contains("fixture-good 1.2.3  [ready]"))
    }

    @Test(.enabled(if: runsAsRoot, "only root can give a folder to another account"))
    func aDataFolderOfAnotherAccountIsReplacedByTheDataFolderTheWarningAsksFor() throws {
        let viper = ViperProcess()
        #expect(try Subprocess.tool(["chown", Self.other, viper.dataFolder]).status == 0)
        let warned = try viper.run(["-c", "where"])
        let line = try #require(Hint.line("not to you (uid 0) or root", in: warned.output), "\(warned.output)")
        #expect(line.hasSuffix("; choose a data folder of your own with --data DIR"), "\(line)")
        #expect(!FileManager.default.fileExists(atPath: viper.dataFolder + "/viper.log"), "nothing was written there")
        let own = try TemporaryFolder.make("hint-own-data")
        let followed = try viper.run(["--data", own, "-c", "where"])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(!followed.output.contains("viper writes nothing"), "\(followed.output)")
        #expect(FileManager.default.fileExists(atPath: own + "/viper.log"), "the session wrote its log in the folder given")
    }

    /// The to-do list's database, with one item in it.
    private func todoDatabase(_ viper: ViperProcess) throws -> String {
        let made = try viper.run(["-c", "open todo; add Milk; save"])
        #expect(made.status == 0, "\(made.output)")
        let path = viper.dataFolder + "/todo.sqlite"
        try #require(FileManager.default.fileExists(atPath: path), "\(made.output)")
        return path
    }

    /// Whether the to-do list opens with its item, and what the shell printed.
    private func todoOpens(_ viper: ViperProcess) throws -> (Bool, String) {
        let opened = try viper.run(["-c", "open todo"])
        return (opened.status == 0 && opened.stdout.contains("Milk") && opened.stderr.isEmpty, opened.output)
    }

    @Test func aDatabaseThatIsALinkOpensOnceTheFileIsMovedInItsPlaceAsTheErrorSays() throws {
        let viper = ViperProcess()
        let path = try todoDatabase(viper)
        let elsewhere = try TemporaryFolder.make("hint-database") + "/todo.sqlite"
        try FileManager.default.moveItem(atPath: path, toPath: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: elsewhere)
        let (opens, refused) = try todoOpens(viper)
        #expect(!opens)
        let line = try #require(Hint.line("the database is a symbolic link", in: refused), "\(refused)")
        #expect(line.hasSuffix("put the database file itself in its place ('mv'), or remove the link"), "\(line)")
        // 'mv' the file the link points at over the link.
        #expect(try Subprocess.tool(["mv", elsewhere, path]).status == 0)
        let (followed, output) = try todoOpens(viper)
        #expect(followed, "\(output)")
    }

    @Test(.enabled(if: runsAsRoot, "only root can give a file to another account"))
    func aWALOfAnotherAccountIsUsedAfterTheChownAndChmodTheErrorNames() throws {
        let viper = ViperProcess()
        let path = try todoDatabase(viper)
        let wal = path + "-wal"
        #expect(FileManager.default.createFile(atPath: wal, contents: nil))
        #expect(try Subprocess.tool(["chown", Self.other, wal]).status == 0)
        #expect(try Subprocess.tool(["chmod", "666", wal]).status == 0)
        let (opens, refused) = try todoOpens(viper)
        #expect(!opens)
        let line = try #require(Hint.line("belongs to another account or can be written by others", in: refused), "\(refused)")
        let commands = Hint.commands(in: line).filter { ["chown", "chmod"].contains($0.first) }
        #expect(commands.count == 2 && commands.allSatisfy { $0.last == wal }, "\(line)")
        for command in commands { #expect(try Hint.run(command, with: viper).status == 0) }
        let (followed, output) = try todoOpens(viper)
        #expect(followed, "\(output)")
    }

    @Test func aSharedMemoryFileThatIsAFIFOIsRemovedAsTheErrorSays() throws {
        let viper = ViperProcess()
        let path = try todoDatabase(viper)
        #expect(mkfifo(path + "-shm", 0o600) == 0)
        let (opens, refused) = try todoOpens(viper)
        #expect(!opens)
        let line = try #require(Hint.line("is not a regular file (a link, FIFO or device)", in: refused), "\(refused)")
        let rm = try Hint.command("rm", in: line)
        #expect(rm == ["rm", path + "-shm"], "\(line)")
        #expect(try Hint.run(rm, with: viper).status == 0)
        let (followed, output) = try todoOpens(viper)
        #expect(followed, "\(output)")
    }

    @Test func aPluginLockThatIsALinkIsReplacedByACopyOfTheFileAsTheRefusalSays() throws {
        let viper = ViperProcess()
        try viper.installInUserFolder([try Fixtures.good()])
        #expect(try viper.run(["plugins", "--lock"]).status == 0)
        let lock = viper.dataFolder + "/plugins.lock"
        let elsewhere = try TemporaryFolder.make("hint-lock") + "/plugins.lock"
        try FileManager.default.moveItem(atPath: lock, toPath: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: lock, withDestinationPath: elsewhere)
        let refused = try viper.run(["doctor"])
        #expect(refused.status != 0, "\(refused.output)")
        let line = try #require(Hint.line("no plugin loads until you replace it with a copy of the file you mean", in: refused.output), "\(refused.output)")
        #expect(line.contains(lock), "\(line)")
        // Replaced with a copy of the file it pointed at.
        try FileManager.default.removeItem(atPath: lock)
        try FileManager.default.copyItem(atPath: elsewhere, toPath: lock)
        let followed = try viper.run(["doctor"])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(try viper.run(["plugins"]).stdout.contains("fixture-good 1.2.3  [ready]"))
    }
}
