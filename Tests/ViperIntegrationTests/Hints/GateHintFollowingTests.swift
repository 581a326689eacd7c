import Foundation
import Testing
import ViperTestSupport

/// The API gates' lines followed as they say: a contract library's gate run before its first
/// build, and one whose interface changed under a version already cut (the version raised and
/// cut, or the version recut); viper's own Contracts gate given a folder without the build.
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

    /// A new protocol (an addition) in a library whose 1.0 is cut: the gate says the interface
    /// changed under 1.0 and gives two fixes; each is followed to a gate that passes.
    @Test(arguments: ["raise", "recut"])
    func anInterfaceChangedUnderACutVersionPassesTheGateOnceFixedAsTheLineSays(fix: String) throws {
        let folder = try TemporaryFolder.make("hint-gate-changed")
        #expect(try ViperProcess().run(["new", "Greetings", "--contract-library", "--dir", folder]).status == 0)
        let package = folder + "/Greetings"
        let run = { (command: String) throws -> Subprocess.Result in try FixtureCompiler.run(["sh", "-c", command], in: package) }
        try #require(try run("swift build && API/gate --cut && swift build").status == 0)
        let contracts = package + "/Sources/Greetings/Greetings.swift"
        try (try String(contentsOfFile: contracts, encoding: .utf8) + """

            /// A farewell a provider may also offer.
            public protocol GreetingsFarewell: AnyObject {
                /// One line to leave `subject` with.
                func farewell(_ subject: String) -> String
            }

            """).write(toFile: contracts, atomically: true, encoding: .utf8)
        try #require(try run("swift build").status == 0)
        let refused = try run("API/gate")
        #expect(refused.status == 1, "\(refused.output)")
        let line = try #require(Hint.line("gate: the interface of Greetings changed but it still says 1.0", in: refused.output), "\(refused.output)")

        if fix == "raise" {
            // "Raise the minor for an addition ... in GreetingsLibrary.compiled and the viper_contract_library
            // record, then 'swift build' and API/gate --cut".
            #expect(line.contains("Raise the minor for an addition with a default (the major for anything else) in GreetingsLibrary.compiled "
                + "and the viper_contract_library record, then 'swift build' and API/gate --cut;"), "\(line)")
            let version = package + "/Sources/Greetings/GreetingsLibrary.swift"
            let source = try String(contentsOfFile: version, encoding: .utf8)
            let raised = source.replacingOccurrences(of: "major: 1, minor: 0,", with: "major: 1, minor: 1,")
                .replacingOccurrences(of: "(0x5643_4C42, 0x0001_0000)", with: "(0x5643_4C42, 0x0001_0001)")
            try #require(raised != source)
            try raised.write(toFile: version, atomically: true, encoding: .utf8)
            let cut = try run("swift build && API/gate --cut")
            #expect(cut.status == 0, "\(cut.output)")
            #expect(cut.output.contains("gate: API/1.1 is the baseline of Greetings"), "\(cut.output)")
        } else {
            #expect(line.hasSuffix("if 1.0 was never released (no plugin built against it is out), record this interface as 1.0 instead: API/gate --recut"),
                    "\(line)")
            let recut = try run("API/gate --recut")
            #expect(recut.status == 0, "\(recut.output)")
            #expect(recut.output.contains("gate: API/1.0 is the baseline of Greetings"), "\(recut.output)")
        }
        // The cut's own last word: rebuild against the record.
        try #require(try run("swift build").status == 0)
        let followed = try run("API/gate")
        #expect(followed.status == 0, "\(followed.output)")
        #expect(followed.output.contains("gate: Greetings \(fix == "raise" ? "1.1" : "1.0") is the recorded interface"), "\(followed.output)")
    }

    /// A requirement without a default added to a cut 1.0 (a break): "if the break is meant, raise
    /// the major ... then 'swift build' and API/gate --cut", followed to a gate that passes at 2.0.
    @Test func aBreakUnderACutVersionPassesTheGateOnceTheMajorIsRaisedAsTheLineSays() throws {
        let folder = try TemporaryFolder.make("hint-gate-break")
        #expect(try ViperProcess().run(["new", "Greetings", "--contract-library", "--dir", folder]).status == 0)
        let package = folder + "/Greetings"
        let run = { (command: String) throws -> Subprocess.Result in try FixtureCompiler.run(["sh", "-c", command], in: package) }
        try #require(try run("swift build && API/gate --cut && swift build").status == 0)
        let contracts = package + "/Sources/Greetings/Greetings.swift"
        let source = try String(contentsOfFile: contracts, encoding: .utf8)
        let broken = source.replacingOccurrences(
            of: "    func describe(_ subject: String) -> String\n",
            with: "    func describe(_ subject: String) -> String\n    /// A farewell for `subject`.\n    func farewell(_ subject: String) -> String\n")
        try #require(broken != source)
        try broken.write(toFile: contracts, atomically: true, encoding: .utf8)
        try #require(try run("swift build").status == 0)
        let refused = try run("API/gate")
        #expect(refused.status == 1, "\(refused.output)")
        let line = try #require(Hint.line("gate: Greetings 1.0 breaks plugins built against 1.0 (above)", in: refused.output), "\(refused.output)")
        #expect(line.hasSuffix("if the break is meant, raise the major in GreetingsLibrary.compiled and the viper_contract_library record, "
            + "then 'swift build' and API/gate --cut"), "\(line)")
        let version = package + "/Sources/Greetings/GreetingsLibrary.swift"
        let declared = try String(contentsOfFile: version, encoding: .utf8)
        let raised = declared.replacingOccurrences(of: "major: 1, minor: 0,", with: "major: 2, minor: 0,")
            .replacingOccurrences(of: "(0x5643_4C42, 0x0001_0000)", with: "(0x5643_4C42, 0x0002_0000)")
        try #require(raised != declared)
        try raised.write(toFile: version, atomically: true, encoding: .utf8)
        let cut = try run("swift build && API/gate --cut")
        #expect(cut.status == 0, "\(cut.output)")
        #expect(cut.output.contains("gate: API/2.0 is the baseline of Greetings"), "\(cut.output)")
        try #require(try run("swift build").status == 0)
        let followed = try run("API/gate")
        #expect(followed.status == 0, "\(followed.output)")
        #expect(followed.output.contains("gate: Greetings 2.0 is the recorded interface"), "\(followed.output)")
    }

    /// viper's own gate (`Contracts/API/gate`) pointed at a folder with no build in it: the line's
    /// second fix, naming the build's Modules folder with --modules, lets it judge this build.
    @Test func theContractsGateJudgesTheBuildOnceItsFolderIsNamedAsTheLineSays() throws {
        let gate = BuildProducts.repository + "/Contracts/API/gate"
        let empty = try TemporaryFolder.make("hint-gate-modules")
        let refused = try FixtureCompiler.run([gate, "--modules", empty])
        #expect(refused.status == 66, "\(refused.output)")
        let line = try #require(Hint.line("gate: no Contracts.swiftinterface in \(empty);", in: refused.output), "\(refused.output)")
        #expect(line.hasSuffix("build first ('swift build') or name the folder with --modules"), "\(line)")
        let followed = try FixtureCompiler.run([gate, "--modules", BuildProducts.modules])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(followed.output.contains(" keeps every promise of the released "), "\(followed.output)")
    }
}
