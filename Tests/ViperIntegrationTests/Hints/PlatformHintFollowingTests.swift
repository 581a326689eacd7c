import Contracts
import Foundation
import Testing
import ViperTestSupport

/// The loader's refusals of a plugin built for somewhere else, followed as they say: a header of
/// another platform ("rebuild the plugin on this machine"), malformed program headers ("rebuild
/// the plugin"), a library the plugin needs that is gone ("install that library"), and a plugin
/// built against a newer Contracts ("rebuild the plugin against Contracts X"), and a malformed
/// `.viper_abi` section ("declare it as in docs/PLUGIN_AUTHORS.md (...)"). Each test makes the
/// problem in the user plugin folder, reads the line from `viper doctor`, does what it says and
/// sees doctor say ok and the plugin ready.
@Suite(.tags(.slow)) struct PlatformHintFollowingTests {
    /// The good fixture's header with one field changed (offset, bytes), and the hint doctor prints.
    static let foreign: [(String, Int, [UInt8], String)] = [
        ("32-bit", 4, [1], "cannot load: built for a 32-bit platform, and this viper is 64-bit; rebuild the plugin on this machine"),
        ("big-endian", 5, [2], "cannot load: built for a big-endian platform; rebuild the plugin on this machine"),
        // e_machine: aarch64 (183) on x86-64, x86-64 (62) anywhere else.
        ("machine", 18, [], "; rebuild the plugin on this machine"),
        // e_phentsize of 8: smaller than a program header.
        ("program headers", 54, [8, 0], "not a plugin: its ELF program headers are malformed; rebuild the plugin"),
    ]

    @Test(arguments: foreign)
    func aPluginBuiltForAnotherPlatformLoadsOnceRebuiltHereAsTheHintSays(what: String, offset: Int, bytes: [UInt8], hint: String) throws {
        let viper = ViperProcess()
        let good = try Fixtures.good()
        var image = [UInt8](try Data(contentsOf: URL(fileURLWithPath: good)))
        let host = UInt16(image[18]) | UInt16(image[19]) << 8
        let patch = bytes.isEmpty ? (host == 62 ? [183, 0] : [62, 0]) : bytes
        image.replaceSubrange(offset..<(offset + patch.count), with: patch)
        try FileManager.default.createDirectory(atPath: viper.userPluginFolder, withIntermediateDirectories: true)
        let path = try TemporaryFolder.write(image, to: "libGoodPlugin.so", in: viper.userPluginFolder)
        try viper.installInUserFolder([])
        let refused = try viper.run(["doctor"])
        #expect(refused.status == 1, "\(refused.output)")
        let line = try #require(Hint.line(hint, in: refused.output), "\(what): \(refused.output)")
        #expect(Hint.subject(of: line) == path, "\(line)")
        // Rebuilt on this machine: the fixture compiler builds the same source here.
        try FileManager.default.removeItem(atPath: Hint.subject(of: line))
        try FileManager.default.copyItem(atPath: try LoaderHintFollowingTests.good(named: "fixture-good"), toPath: path)
        let followed = try viper.run(["doctor"])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(try viper.run(["plugins"]).stdout.contains("fixture-good 1.2.3  [ready]"))
    }

    @Test func aPluginWhoseLibraryIsGoneLoadsOnceTheLibraryIsInstalledAsTheHintSays() throws {
        let viper = ViperProcess()
        let folder = try TemporaryFolder.make("hint-dependency")
        let dependency = folder + "/libFixtureDependency.so"
        let build = ["cc", "-shared", "-fPIC", Fixtures.sources + "/FixtureDependency.c", "-o", dependency]
        #expect(try FixtureCompiler.run(build).status == 0)
        // The good fixture, linked against the library (kept even though no symbol of it is used).
        let plugin = try FixtureCompiler.swiftPlugin(
            named: "GoodPlugin", source: Fixtures.source("GoodPlugin.swift"),
            extraFlags: ["-Xlinker", "--no-as-needed", "-L", folder, "-lFixtureDependency", "-Xlinker", "-rpath", "-Xlinker", folder])
        try viper.installInUserFolder([plugin])
        try FileManager.default.removeItem(atPath: dependency)
        let refused = try viper.run(["doctor"])
        #expect(refused.status == 1, "\(refused.output)")
        let line = try #require(Hint.line("; install that library and run 'viper plugins --rescan'", in: refused.output), "\(refused.output)")
        #expect(line.contains("it needs libFixtureDependency.so, which was not found"), "\(line)")
        // Installed where the plugin looks for it (its build put it there), then the rescan: the
        // plugin file did not change, so without it viper keeps the refusal it remembered.
        #expect(try FixtureCompiler.run(build).status == 0)
        #expect(try viper.run(["doctor"]).output.contains(line), "installing alone is not enough, which is why the line names the rescan")
        #expect(try Hint.run(try Hint.command("viper", in: line), with: viper).status == 0)
        let followed = try viper.run(["doctor"])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(try viper.run(["plugins"]).stdout.contains("fixture-good 1.2.3  [ready]"))
    }

    @Test func aPluginBuiltAgainstANewerContractsLoadsOnceRebuiltAgainstTheOneTheHintNames() throws {
        let viper = ViperProcess()
        let host = ContractsVersion.current
        let newer = ContractsVersion(major: host.major, minor: host.minor + 1)
        let source = try Fixtures.source("Compatibility/ContractsOnePointZeroPlugin.swift")
        let built = try FixtureCompiler.swiftPlugin(named: "LegacyPlugin", source: source, contracts: ContractsInterfaces.claiming(newer))
        let path = try #require(try viper.installInUserFolder([built]).first)
        // It uses the host's services, so it runs in process: trusted, as the isolation line says.
        #expect(try viper.run(["plugins", "--trust", "legacy-1-0"]).status == 0)
        let refused = try viper.run(["doctor"])
        #expect(refused.status == 1, "\(refused.output)")
        let line = try #require(Hint.line("; rebuild the plugin against Contracts ", in: refused.output), "\(refused.output)")
        let named = try #require(line.components(separatedBy: "; rebuild the plugin against Contracts ").last)
        #expect(named == "\(host)", "\(line)")
        // Rebuilt against the Contracts the hint names: this viper's own.
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: try FixtureCompiler.swiftPlugin(named: "LegacyPlugin", source: source), toPath: path)
        let followed = try viper.run(["doctor"])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(try viper.run(["plugins"]).stdout.contains("legacy-1-0 1.0.0  [ready]"))
    }

    /// The good fixture with `declaration` put before its entry points.
    private func good(declaring declaration: String) throws -> String {
        let source = try Fixtures.source("GoodPlugin.swift").replacingOccurrences(
            of: "@_cdecl(\"viper_plugin_abi\")", with: declaration + "\n\n@_cdecl(\"viper_plugin_abi\")")
        return try FixtureCompiler.swiftPlugin(named: "GoodPlugin", source: source)
    }

    @Test func aMalformedABISectionIsDeclaredAsTheRefusalQuotesAndThePluginLoads() throws {
        let viper = ViperProcess()
        let bad = try good(declaring: "@used @section(\".viper_abi\")\nlet viperABI: (UInt32, UInt32, UInt32) = (0x1234_5678, 1, 8)")
        let refused = try viper.run(["doctor", "--plugins", bad])
        #expect(refused.status == 1, "\(refused.output)")
        let line = try #require(Hint.line("section is malformed (it does not start with the magic number 0x56495052); declare it as in docs/PLUGIN_AUTHORS.md",
                                          in: refused.stdout), "\(refused.stdout)")
        // The declaration the line quotes, MAJOR and MINOR being the Contracts the plugin is built against.
        let start = try #require(line.range(of: "@used @section"), "\(line)")
        let end = try #require(line.range(of: "MINOR)", range: start.upperBound..<line.endIndex), "\(line)")
        let quoted = String(line[start.lowerBound..<end.upperBound])
        let host = ContractsVersion.current
        let declaration = quoted.replacingOccurrences(of: "MAJOR", with: "\(host.major)").replacingOccurrences(of: "MINOR", with: "\(host.minor)")
        let rebuilt = try good(declaring: declaration)
        let followed = try viper.run(["doctor", "--plugins", rebuilt])
        #expect(followed.status == 0, "\(declaration)\n\(followed.output)")
        #expect(try viper.run(["plugins", "--plugins", rebuilt]).stdout.contains("fixture-good 1.2.3  [ready]"))
    }
}
