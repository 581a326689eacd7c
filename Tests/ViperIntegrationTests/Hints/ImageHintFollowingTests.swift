import Foundation
import Testing
import ViperCoreTestSupport
import ViperTestSupport

/// The lines for a plugin file that passes viper's own header check but that `dlopen` refuses
/// (another system's OS ABI, a header glibc cannot read), and for a plugin built by another Swift
/// compiler, followed as they say: the file rebuilt (a fresh build copied over it) or removed.
@Suite(.tags(.slow)) struct ImageHintFollowingTests {
    /// The good fixture in the user plugin folder with `bytes` written at `offset` of its copy.
    private func patchedGood(_ viper: ViperProcess, offset: UInt64, bytes: [UInt8]) throws -> String {
        let plugin = try #require(try viper.installInUserFolder([try Fixtures.good()]).first)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: plugin))
        try handle.seek(toOffset: offset)
        try handle.write(contentsOf: Data(bytes))
        try handle.close()
        return plugin
    }

    /// Rebuilt on this machine: a fresh build of the plugin copied over the refused file.
    private func rebuild(_ path: String) throws {
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: try Fixtures.good(), toPath: path)
    }

    /// EI_OSABI (byte 7) set to FreeBSD's: glibc says "ELF file OS ABI invalid", which is another
    /// platform's plugin; rebuilt on this machine, it loads.
    @Test func aPluginForAnotherSystemRebuiltOnThisMachineAsTheLineSaysLoads() throws {
        let viper = ViperProcess()
        let plugin = try patchedGood(viper, offset: 7, bytes: [9])
        let refused = try viper.run(["doctor"])
        #expect(refused.status == 1, "\(refused.output)")
        let line = try #require(Hint.line("cannot load: built for another platform (", in: refused.output), "\(refused.output)")
        #expect(line.hasSuffix("OS ABI invalid); rebuild the plugin on this machine"), "\(line)")
        #expect(Hint.subject(of: line) == plugin, "\(line)")
        try rebuild(Hint.subject(of: line))
        let followed = try viper.run(["doctor"])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(try viper.run(["plugins"]).stdout.contains("fixture-good 1.2.3  [ready]"))
    }

    /// e_phentsize (bytes 54-55) set to 64: viper's header check lets it through (the entries
    /// are at least as long as it reads), glibc refuses it; each of the line's two fixes is followed.
    @Test(arguments: ["rebuild", "remove"])
    func aPluginDlopenRefusesIsRebuiltOrRemovedAsTheLineSays(fix: String) throws {
        let viper = ViperProcess()
        let plugin = try patchedGood(viper, offset: 54, bytes: [64, 0])
        let refused = try viper.run(["doctor"])
        #expect(refused.status == 1, "\(refused.output)")
        let line = try #require(Hint.line("; rebuild the plugin, or remove it from the plugin folder", in: refused.output), "\(refused.output)")
        #expect(line.contains("cannot load: ELF file's phentsize not the expected size;"), "\(line)")
        #expect(Hint.subject(of: line) == plugin, "\(line)")
        if fix == "rebuild" {
            try rebuild(Hint.subject(of: line))
        } else {
            try FileManager.default.removeItem(atPath: Hint.subject(of: line))
        }
        let followed = try viper.run(["doctor"])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(!followed.output.contains(plugin), "\(followed.output)")
        #expect(try viper.run(["plugins"]).stdout.contains("fixture-good 1.2.3  [ready]") == (fix == "rebuild"))
    }

    /// A plugin whose entry reports another Swift compiler (the machine has one toolchain, so the
    /// fixture declares an older one through PluginEntry.run's `compiler:`): `viper plugins` shows
    /// it beside this viper's with "rebuild it"; rebuilt here, the line is the plain version.
    @Test func aPluginBuiltByAnotherSwiftRebuiltAsTheLineSaysShowsThisVipersSwift() throws {
        let viper = ViperProcess()
        let source = try Fixtures.source("GoodPlugin.swift")
        let older = source.replacingOccurrences(
            of: "PluginEntry.run(host, plugin: GoodPlugin.self)",
            with: "PluginEntry.run(host, plugin: GoodPlugin.self, compiler: SwiftCompilerVersion(major: 5, minor: 10))")
        #expect(older != source, "the fixture's entry point moved")
        let plugin = try #require(
            try viper.installInUserFolder([try FixtureCompiler.swiftPlugin(named: "GoodPlugin", source: older)]).first)
        let listed = try viper.run(["plugins"])
        let line = try #require(Hint.line("built with Swift 5.10 (this viper: Swift ", in: listed.stdout), "\(listed.stdout)")
        #expect(line.hasSuffix("; rebuild it if it misbehaves)"), "\(line)")
        let host = try #require(line.components(separatedBy: "(this viper: Swift ").last?.components(separatedBy: ";").first)

        // Rebuilt with this machine's Swift, from the same source.
        try FileManager.default.removeItem(atPath: plugin)
        try FileManager.default.copyItem(atPath: try FixtureCompiler.swiftPlugin(named: "GoodPlugin", source: source), toPath: plugin)
        let followed = try viper.run(["plugins"])
        #expect(!followed.stdout.contains("this viper: Swift"), "\(followed.stdout)")
        let good = try #require(followed.stdout.components(separatedBy: "fixture-good 1.2.3  [ready]").last, "\(followed.stdout)")
        #expect(good.contains("built with Swift \(host)\n"), "\(followed.stdout)")
    }

    /// A link to nothing in the plugin folder: "no such file; check the path, or remove the broken
    /// link from FOLDER"; removed, doctor is ok.
    @Test func aBrokenLinkInThePluginFolderRemovedAsTheLineSaysLeavesDoctorOk() throws {
        let viper = ViperProcess()
        try viper.installInUserFolder([try Fixtures.good()])
        let link = viper.userPluginFolder + "/libGone.so"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: viper.userPluginFolder + "/libNowhere.so")
        let refused = try viper.run(["doctor"])
        #expect(refused.status == 1, "\(refused.output)")
        let line = try #require(Hint.line(": no such file; check the path, or remove the broken link from ", in: refused.output), "\(refused.output)")
        #expect(Hint.subject(of: line) == link && line.hasSuffix(" from \(viper.userPluginFolder)"), "\(line)")
        try FileManager.default.removeItem(atPath: Hint.subject(of: line))
        let followed = try viper.run(["doctor"])
        #expect(followed.status == 0, "\(followed.output)")
    }

    /// A mistyped plugin path given to `viper check`: "no such file; check the path" (not a link,
    /// so nothing to remove); the path checked and given again, the plugin loads.
    @Test func aMistypedPathGivenToCheckLoadsOnceThePathIsCheckedAsTheLineSays() throws {
        let folder = try TemporaryFolder.make("hint-check-path")
        try FileManager.default.copyItem(atPath: try Fixtures.good(), toPath: folder + "/libGoodPlugin.so")
        let viper = ViperProcess()
        let refused = try viper.run(["check", folder + "/libGoodPlugn.so"])
        #expect(refused.status == 1, "\(refused.output)")
        let line = try #require(Hint.line("fail  [plugin] loads: no such file", in: refused.stdout), "\(refused.output)")
        #expect(line.hasSuffix("no such file; check the path"), "\(line)")
        // The folder holds libGoodPlugin.so: the path, checked.
        let right = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(".so") })
        let followed = try viper.run(["check", folder + "/" + right])
        #expect(followed.stdout.contains("pass  [plugin] loads"), "\(followed.output)")
    }
}
