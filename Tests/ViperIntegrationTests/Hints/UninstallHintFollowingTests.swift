import Foundation
import Testing
import ViperTestSupport

/// `viper uninstall` over an install an earlier viper made, whose marker lists only the folders
/// it created: the refusal's "run 'viper install --prefix P' with this viper, then uninstall
/// again", followed as quoted, leaves nothing of viper behind.
@Suite(.tags(.slow)) struct UninstallHintFollowingTests {
    @Test func anEarlierInstallIsUninstalledAfterTheInstallTheRefusalNames() throws {
        let prefix = try TemporaryFolder.make("hint-uninstall-earlier")
        let viper = ViperProcess()
        #expect(try viper.run(["install", "--prefix", prefix]).status == 0)
        // The first marker format: the folders the install created, one a line.
        let marker = prefix + "/lib/viper/.viper-install"
        try (prefix + "/lib/viper\n").write(toFile: marker, atomically: true, encoding: .utf8)
        let refused = try viper.run(["uninstall", "--prefix", prefix])
        #expect(refused.status != 0)
        let line = try #require(Hint.line("whose marker lists no files", in: refused.stderr), "\(refused.output)")
        let install = try Hint.command("viper", in: line)
        #expect(install == ["viper", "install", "--prefix", prefix], "\(line)")
        let installed = try Hint.run(install, with: viper)
        #expect(installed.status == 0, "\(installed.output)")
        // "then uninstall again"
        let followed = try viper.run(["uninstall", "--prefix", prefix])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(!FileManager.default.fileExists(atPath: prefix + "/lib/viper"), "\(followed.output)")
        #expect(!FileManager.default.fileExists(atPath: prefix + "/bin/viper"))
    }
}
