import Foundation
import Testing
import ViperTestSupport

/// A contract library's API gate run before its first build: "build first ('swift build') or name
/// the folder with --modules", followed by running the quoted build in the package; the gate then
/// finds the interface and goes on to judge it.
@Suite(.serialized, .tags(.slow)) struct GateHintFollowingTests {
    @Test func theGateRunBeforeABuildFindsTheInterfaceOnceBuiltAsTheHintSays() throws {
        let folder = try TemporaryFolder.make("hint-gate")
        let viper = ViperProcess()
        #expect(try viper.run(["new", "Greetings", "--contract-library", "--dir", folder]).status == 0)
        let package = folder + "/Greetings"
        let refused = try FixtureCompiler.run([package + "/API/gate"], in: package)
        #expect(refused.status == 66, "\(refused.output)")
        let line = try #require(Hint.line("gate: no Greetings.swiftinterface in ", in: refused.output), "\(refused.output)")
        let build = try Hint.command("swift", in: line)
        #expect(build == ["swift", "build"], "\(line)")
        let built = try FixtureCompiler.run(build, in: package)
        try #require(built.status == 0, "\(built.output)")
        let followed = try FixtureCompiler.run([package + "/API/gate"], in: package)
        #expect(!followed.output.contains("swiftinterface in"), "\(followed.output)")
        // Found and judged: a new library's first interface is not recorded yet, which the gate says next.
        #expect(followed.output.contains("gate: the interface of Greetings 1.0 is not recorded yet"), "\(followed.output)")
    }
}
