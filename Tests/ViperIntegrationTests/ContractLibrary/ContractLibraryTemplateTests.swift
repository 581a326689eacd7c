import Foundation
import Testing
import ViperTestSupport

/// `viper new NAME --contract-library`: the package it writes builds with `swift build` into a
/// library viper recognises as a contract library, with its name and version.
@Suite(.tags(.slow)) struct ContractLibraryTemplateTests {
    @Test func aNewContractLibraryBuildsAndViperListsItAsOne() throws {
        let folder = try TemporaryFolder.make("new-library")
        let new = try ViperProcess().run(["new", "Greetings", "--contract-library", "--dir", folder])
        #expect(new.status == 0, "\(new.stderr)")
        let package = folder + "/Greetings"
        let manifest = try String(contentsOfFile: package + "/Package.swift", encoding: .utf8)
        #expect(manifest.contains("\"-soname\", \"-Xlinker\", \"libGreetings.so\""), "plugins find it by this SONAME")
        let build = try FixtureCompiler.run(["swift", "build"], in: package)
        #expect(build.status == 0, "\(build.output)")
        #expect(FileManager.default.fileExists(atPath: package + "/.build/debug/libGreetingsSuites.so"),
                "the suites that travel with the library are built beside it")
        let plugins = try TemporaryFolder.make("new-library-installed")
        try FileManager.default.copyItem(atPath: package + "/.build/debug/libGreetings.so", toPath: plugins + "/libGreetings.so")
        let listing = try ViperProcess().run(["plugins", "--plugins", plugins])
        #expect(listing.stdout.contains("Greetings 1.0  [contract library, ready]"), "\(listing.stdout)")
        #expect(listing.stdout.contains("  used by:   no plugin"), "\(listing.stdout)")
    }

    @Test func contractLibraryBelongsToViperNewAndRefusesInTree() throws {
        let elsewhere = try ViperProcess().run(["plugins", "--contract-library"])
        #expect(elsewhere.status == 64)
        #expect(elsewhere.stderr == "viper: option '--contract-library' belongs to 'viper new'\n")
        let folder = try TemporaryFolder.make("new-library-in-tree")
        let inTree = try ViperProcess().run(["new", "Greetings", "--contract-library", "--in-tree", "--dir", folder])
        #expect(inTree.status == 64)
        #expect(inTree.stderr.contains("--contract-library writes a package of its own"), "\(inTree.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }
}
