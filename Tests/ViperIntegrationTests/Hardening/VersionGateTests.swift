import Contracts
import Foundation
import Testing
@testable import ViperLoading
@testable import ViperRuntime
@testable import ViperCommandLine
import ViperTestSupport

/// The descriptor carries the Contracts ABI and the Swift compiler a
/// plugin was built with; a plugin loads when the major matches and its minor is not
/// above the host's; a plugin that carries its own copy of Contracts is refused before `dlopen`.
@Suite struct VersionGateTests {
    private let host = ContractsVersion.current

    @Test func aPluginBuiltForAnOlderMinorLoadsAndSaysWhichContractsItWasBuiltFor() throws {
        #expect(host.minor >= 1, "this test needs a host minor above 0")
        let path = try HardeningFixtures.versioned(major: host.major, minor: host.minor - 1)
        let loaded = loadPlugin(path, in: Paths.parent(path))
        #expect(loaded.plugin?.descriptor.contractsVersion == ContractsVersion(major: host.major, minor: host.minor - 1),
                "\(String(describing: loaded.error))")
    }

    @Test func aPluginBuiltForANewerMinorOrAnotherMajorIsRefusedWithBothVersions() throws {
        for version in [ContractsVersion(major: host.major, minor: host.minor + 1),
                        ContractsVersion(major: host.major + 1, minor: 0),
                        ContractsVersion(major: host.major - 1, minor: host.minor)] {
            let path = try HardeningFixtures.versioned(major: version.major, minor: version.minor)
            let error = loadPlugin(path, in: Paths.parent(path)).error
            #expect(error?.code == .incompatibleABI)
            #expect(error?.message == "built for Contracts \(version), but this viper has Contracts \(host); rebuild the plugin against Contracts \(host)")
        }
    }

    @Test func theDescriptorRecordsTheSwiftCompilerAndOldPluginsShowItAsUnknown() throws {
        let current = try #require(loadPlugin(try Fixtures.good(), in: Paths.parent(try Fixtures.good())).plugin)
        #expect(current.descriptor.swiftCompiler == SwiftCompilerVersion.compiling)

        let old = try HardeningFixtures.oldEntry()
        let oldPlugin = try #require(loadPlugin(old, in: Paths.parent(old)).plugin)
        #expect(oldPlugin.descriptor.swiftCompiler == nil)
        #expect(oldPlugin.descriptor.contractsVersion == ContractsVersion(major: 1, minor: 0))

        // Through viper: the text and JSON listings, via the scanner and the cache.
        let viper = ViperProcess()
        let text = try viper.run(["plugins", "--plugins", old, "--plugins", try Fixtures.good()]).stdout
        #expect(text.contains("  contracts: 1.0, built with an unknown Swift compiler (it predates Contracts 1.1)"), "\(text)")
        #expect(text.contains("  contracts: \(host), built with Swift \(SwiftCompilerVersion.compiling)\n"))
        let json = try viper.run(["plugins", "--json", "--plugins", old]).stdout
        let report = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let plugins = report?["plugins"] as? [[String: Any]] ?? []
        #expect(report?["swiftCompiler"] as? String == SwiftCompilerVersion.compiling.description)
        #expect(plugins.first { $0["name"] as? String == "fixture-old-entry" }?["swiftCompiler"] as? String == "unknown")
        #expect(plugins.first { $0["name"] as? String == "greeter" }?["swiftCompiler"] as? String == SwiftCompilerVersion.compiling.description)
    }

    @Test func aCompilerThatDiffersFromTheHostsIsPointedOut() {
        let other = SwiftCompilerVersion(major: 5, minor: 10)
        #expect(PluginReport.compilerText(other) == "Swift 5.10 (this viper: Swift \(SwiftCompilerVersion.compiling); rebuild it if it misbehaves)")
        #expect(PluginReport.compilerText(.compiling) == "Swift \(SwiftCompilerVersion.compiling)")
    }

    @Test func aPluginWithItsOwnCopyOfContractsIsRefusedBeforeItIsOpened() throws {
        let path = try HardeningFixtures.ownContracts()
        let links = try #require(try readELFLinkage(path))
        #expect(!links.needsContracts)
        #expect(links.contractsDescriptor?.hasPrefix("$s9Contracts") == true)

        let error = loadPlugin(path, in: Paths.parent(path)).error
        #expect(error?.code == .ownContracts)
        #expect(error?.message.hasPrefix("refused: it carries its own copy of Contracts (it defines $s9Contracts") == true, "\(String(describing: error))")
        #expect(error?.message.hasSuffix("which only libContracts.so may define), so none of its contracts would be the host's and every lookup between them would fail; rebuild it linking this viper's libContracts.so (swiftc -lContracts, or a dependency on the Contracts package) instead of compiling Contracts' sources into it") == true)
        #expect(!isMapped(path), "it was opened")

        // Through viper's scanner: refused, and none of its code ran.
        var viper = ViperProcess()
        let marker = viper.dataFolder + "/loaded-marker"
        viper.environment["VIPER_FIXTURE_MARKER"] = marker
        viper.environment["VIPER_SANDBOX"] = "off"  // else the sandbox alone would keep the marker from appearing
        let result = try viper.run(["plugins", "--plugins", path])
        #expect(result.stdout.contains("  disabled:  refused: it carries its own copy of Contracts"), "\(result.stdout)")
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    @Test func swiftCodeThatDoesNotLinkContractsIsRefused() throws {
        let path = try HardeningFixtures.noContracts()
        let error = loadPlugin(path, in: Paths.parent(path)).error
        #expect(error?.code == .ownContracts)
        #expect(error?.message == "refused: it is Swift code that does not link libContracts.so, so it carries its own copy of Contracts or none at all; rebuild it linking this viper's libContracts.so (swiftc -lContracts, or a dependency on the Contracts package) instead of compiling Contracts' sources into it")
        #expect(!isMapped(path))
    }

    @Test func everyBundledPluginAndFixtureLinksTheSharedContracts() throws {
        for path in ["Greeter", "Notes", "NoteStorage", "Account", "Todo", "Articles"].map(BuildProducts.plugin) + [try Fixtures.good()] {
            let links = try #require(try readELFLinkage(path))
            #expect(links.needsContracts, "\(path)")
            #expect(links.contractsDescriptor == nil, "\(path) defines \(links.contractsDescriptor ?? "")")
            #expect(links.problem == nil)
        }
        // C plugins are not Swift: judged by their symbols later, not refused here.
        #expect(try readELFLinkage(Fixtures.c("BadStatusPlugin.c"))?.problem == nil)
    }
}
