import Foundation
import Testing
import ViperTestSupport

/// `viper dev` where `swift` is not on PATH: the line says to put the Swift toolchain's bin
/// folder on PATH; done so (the folder `which swift` names in the test's own environment), dev
/// builds the plugin and opens the shell with it.
@Suite(.serialized, .tags(.slow)) struct DevToolchainHintFollowingTests {
    @Test func devWithoutSwiftOnPathBuildsOnceTheToolchainIsPutOnPathAsTheHintSays() throws {
        let folder = try TemporaryFolder.make("hint-dev-toolchain")
        #expect(try ViperProcess().run(["new", "Stamp", "--dir", folder]).status == 0)
        var bare = ViperProcess()
        bare.environment["PATH"] = "/usr/bin:/bin"
        try #require(try Subprocess.tool(["sh", "-c", "command -v swift"], environment: bare.environment).status != 0,
                     "swift is in /usr/bin or /bin here, so PATH cannot leave it out")
        let refused = try bare.run(["dev", folder + "/Stamp"])
        #expect(refused.status != 0)
        let line = try #require(Hint.line("cannot run 'swift': it is not on PATH; put the Swift toolchain's bin folder on PATH", in: refused.stderr),
                                "\(refused.output)")
        #expect(!refused.stderr.contains("No such file or directory"), "env's own words are replaced by the line: \(refused.stderr)")
        // The toolchain's bin folder: where `swift` is found in this test's own environment.
        let found = try Subprocess.tool(["sh", "-c", "command -v swift"])
        try #require(found.status == 0, "\(found.output)")
        let bin = (found.stdout.trimmingCharacters(in: .whitespacesAndNewlines) as NSString).deletingLastPathComponent
        var environment = bare.environment
        environment["PATH"] = bin + ":" + (environment["PATH"] ?? "")
        let viper = try RunningViper(arguments: ["dev", folder + "/Stamp", "--open", "stamp"], environment: environment)
        try viper.waitFor("Home › Stamp", seconds: 600)
        let (status, errors) = try viper.finish()
        #expect(status == 0, "\(line)\n\(errors)")
        #expect(errors.contains("Built StampPlugin in "), "\(errors)")
    }
}
