import Foundation
import Testing
import ViperCoreTestSupport
import ViperTestSupport

/// Refused command lines whose hint names the fix (`graph --output`, `plugins --profile`, an
/// install run by the installed viper), followed as they say: the command then works.
@Suite struct CommandHintFollowingTests {
    @Test func aGraphThatCannotBeWrittenIsWrittenToTheWritablePathTheHintAsksFor() throws {
        let viper = ViperProcess()
        let refused = try viper.run(["graph", "--format", "dot", "--output", "/nonexistent-folder/graph.dot"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("; choose a writable path with --output"), "\(refused.stderr)")
        let output = try TemporaryFolder.make("hint-graph") + "/graph.dot"
        let followed = try viper.run(["graph", "--format", "dot", "--output", output])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(try String(contentsOfFile: output, encoding: .utf8).hasPrefix("digraph"))
    }

    @Test func aProfileWithALockIsRunApartAsTheHintSays() throws {
        let viper = ViperProcess()
        let refused = try viper.run(["plugins", "--profile", "--lock"])
        #expect(refused.status == 64)
        #expect(refused.stderr == "viper: 'viper plugins --profile' takes no --lock, --unlock or --enable; run them apart\n", "\(refused.stderr)")
        #expect(try viper.run(["plugins", "--profile"]).status == 0)
        #expect(try viper.run(["plugins", "--lock"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: viper.dataFolder + "/plugins.lock"))
    }
}

/// `viper install` run by the installed viper itself: refused, and the build's viper, as the hint
/// says, replaces it.
@Suite(.tags(.slow)) struct InstallFromBuildHintFollowingTests {
    @Test func theInstalledViperIsReplacedByInstallingFromTheBuildAsTheHintSays() throws {
        let prefix = try TemporaryFolder.make("hint-install-self")
        let viper = ViperProcess()
        #expect(try viper.run(["install", "--prefix", prefix]).status == 0)
        let refused = try Subprocess.run(prefix + "/bin/viper", ["install", "--prefix", prefix], environment: viper.environment)
        #expect(refused.status == 64, "\(refused.output)")
        #expect(refused.stderr.contains("run 'viper install' from a new build to replace it"), "\(refused.stderr)")
        let followed = try viper.run(["install", "--prefix", prefix])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(try Subprocess.run(prefix + "/bin/viper", ["--version"], environment: viper.environment).status == 0)
    }
}
