import Foundation
import Testing
import ViperTestSupport

/// With the built `viper`: an uninstall that kept a file the person put in `PREFIX/lib/viper`
/// leaves that folder without install's record. A later install names what is still in it;
/// once the person moves it away, the empty folders left behind do not stop the install.
@Suite struct InstallAfterUninstallTests {
    @Test func installOverTheFolderAnUninstallLeftWorksOnceItHoldsNoFile() throws {
        let prefix = try TemporaryFolder.make("install-after-uninstall")
        let viper = ViperProcess()
        let home = prefix + "/lib/viper"
        let first = try viper.run(["install", "--prefix", prefix])
        try #require(first.status == 0, "\(first.stdout)\(first.stderr)")
        try FileManager.default.createDirectory(atPath: home + "/notes", withIntermediateDirectories: true)
        try TemporaryFolder.write(Array("mine\n".utf8), to: "notes/today.txt", in: home)
        let removed = try viper.run(["uninstall", "--prefix", prefix])
        try #require(removed.status == 0, "\(removed.stderr)")
        #expect(FileManager.default.fileExists(atPath: home + "/notes/today.txt"))

        let refused = try viper.run(["install", "--prefix", prefix])
        #expect(refused.status == 64)
        #expect(refused.stderr == "viper: \(home) holds 1 file (notes/today.txt) and no record of 'viper install' "
            + "(an uninstall keeps the files it did not write); move it away, then install again\n")
        #expect(try String(contentsOfFile: home + "/notes/today.txt", encoding: .utf8) == "mine\n", "a refusal loses nothing")

        try FileManager.default.removeItem(atPath: home + "/notes/today.txt")
        let again = try viper.run(["install", "--prefix", prefix])
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        #expect(FileManager.default.isExecutableFile(atPath: prefix + "/bin/viper"))
        #expect(!FileManager.default.fileExists(atPath: home + "/notes"), "the empty folder is replaced by the install")
        let version = try Subprocess.run(prefix + "/bin/viper", ["--version"])
        #expect(version.status == 0, "\(version.stdout)\(version.stderr)")

        let last = try viper.run(["uninstall", "--prefix", prefix])
        #expect(last.status == 0, "\(last.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home))
    }

    @Test func aBuildFolderLeftInTheSDKIsNamedInFewWordsAndKept() throws {
        let prefix = try TemporaryFolder.make("install-after-build")
        let viper = ViperProcess()
        let home = prefix + "/lib/viper"
        try #require(try viper.run(["install", "--prefix", prefix]).status == 0)
        let build = home + "/Contracts/.build/debug"
        try FileManager.default.createDirectory(atPath: build, withIntermediateDirectories: true)
        for index in 1...7 { try TemporaryFolder.write(Array("o\n".utf8), to: "part\(index).o", in: build) }
        let removed = try viper.run(["uninstall", "--prefix", prefix])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout.contains("Kept 7 files (Contracts/.build/debug/part1.o, Contracts/.build/debug/part2.o, "
            + "Contracts/.build/debug/part3.o, Contracts/.build/debug/part4.o and 3 more) in \(home)"), "\(removed.stdout)")
        let refused = try viper.run(["install", "--prefix", prefix])
        #expect(refused.status == 64)
        #expect(refused.stderr.hasPrefix("viper: \(home) holds 7 files (Contracts/.build/debug/part1.o, "), "\(refused.stderr)")
        #expect(refused.stderr.hasSuffix("part4.o and 3 more) and no record of 'viper install' (an uninstall keeps the files it did not write); "
            + "move them away, then install again\n"), "\(refused.stderr)")

        try FileManager.default.removeItem(atPath: home + "/Contracts/.build")
        let again = try viper.run(["install", "--prefix", prefix])
        #expect(again.status == 0, "the empty folders left do not block it: \(again.stdout)\(again.stderr)")
    }

    @Test func aFileWhereTheInstallFolderGoesIsNeverReplaced() throws {
        let prefix = try TemporaryFolder.make("install-over-file")
        try FileManager.default.createDirectory(atPath: prefix + "/lib", withIntermediateDirectories: true)
        try TemporaryFolder.write(Array("mine\n".utf8), to: "viper", in: prefix + "/lib")
        let refused = try ViperProcess().run(["install", "--prefix", prefix])
        #expect(refused.status == 64)
        #expect(refused.stderr == "viper: \(prefix)/lib/viper exists but was not made by 'viper install'; move it away or choose another --prefix\n")
        #expect(try String(contentsOfFile: prefix + "/lib/viper", encoding: .utf8) == "mine\n")
    }
}
