import Contracts
import Foundation
import Testing
import ViperTestSupport

/// The README's compatibility promise, checked with real binaries: a plugin compiled against the
/// oldest Contracts this viper accepts (1.0, from the interface that version shipped) loads in
/// today's viper and works across the boundary; one compiled against a newer minor or another
/// major is refused with both versions named.
@Suite(.tags(.slow)) struct ContractsCompatibilityTests {
    private let host = ContractsVersion.current

    private func legacyPlugin(against contracts: String, named name: String = "LegacyPlugin") throws -> String {
        try FixtureCompiler.swiftPlugin(named: name, source: Fixtures.source("Compatibility/ContractsOnePointZeroPlugin.swift"),
                                        contracts: contracts)
    }

    @Test func aPluginBuiltAgainstContractsOnePointZeroOpensResolvesAndCallsAcrossTheBoundary() throws {
        let plugin = try legacyPlugin(against: ContractsInterfaces.released("1.0"))
        let viper = ViperProcess()
        let session = try viper.run(["--plugins", plugin, "-c",
                                     "open legacy?label=old; tap; tap; who; login; signup ada s3cret; who"])
        #expect(session.status == 0, "\(session.stderr)")
        #expect(session.stderr.isEmpty, "\(session.stderr)")
        let screens = session.stdout
        #expect(screens.contains("Built against Contracts 1.0"))
        #expect(screens.contains("1. label: old"), "the route's query reached the 1.0 builder")
        #expect(screens.contains("3. taps: 2"), "its own service, on the host's database, counted twice")
        #expect(screens.contains("4. signed in: nobody"), "the bundled Session answered the 1.0 plugin")
        #expect(screens.contains("── Home › Legacy › Sign in (modal) ─"), "it presented the bundled Login by contract")
        #expect(screens.contains("the legacy plugin asks"), "its prepare closure configured the bundled module")
        #expect(screens.contains("5. signed in: ada"), "after the bundled form signed in, the session says so")
        #expect(screens.contains("│ Signed in as ada"), "the embedded bundled AccountStatus redraws inside it")
        #expect(FileManager.default.fileExists(atPath: viper.dataFolder + "/legacy.sqlite"))
    }

    /// Contracts 1.3 added ``ModuleRemovalHandling``; a 1.2 plugin knows nothing of it, still
    /// loads, and its module is removed by the shell's `back` without being asked anything.
    @Test func aPluginBuiltAgainstContractsOnePointTwoLoadsAndTheShellRemovesItsModuleWithoutAsking() throws {
        let plugin = try legacyPlugin(against: ContractsInterfaces.released("1.2"), named: "LegacyOnePointTwo")
        let viper = ViperProcess()
        let listing = try viper.run(["plugins", "--plugins", plugin])
        #expect(listing.stdout.contains("  contracts: 1.2, built with"), "\(listing.stdout)")
        let session = try viper.run(["--plugins", plugin, "-c", "open legacy?label=old; tap; back; where"])
        #expect(session.status == 0, "\(session.stderr)")
        #expect(session.stderr.isEmpty, "\(session.stderr)")
        #expect(session.stdout.contains("1. label: old"))
        #expect(session.stdout.hasSuffix("Home\n"), "\(session.stdout)")
    }

    /// Contracts 1.4 added ``Provider`` and a `Resolver` requirement with a default; a plugin built
    /// against the released 1.3 interface resolves, builds and counts across the boundary as before.
    @Test func aPluginBuiltAgainstContractsOnePointThreeLoadsAndResolvesInThisViper() throws {
        let plugin = try legacyPlugin(against: ContractsInterfaces.released("1.3"), named: "LegacyOnePointThree")
        let viper = ViperProcess()
        let listing = try viper.run(["plugins", "--plugins", plugin])
        #expect(listing.stdout.contains("  contracts: 1.3, built with"), "\(listing.stdout)")
        let session = try viper.run(["--plugins", plugin, "-c", "open legacy?label=old; tap; tap; who"])
        #expect(session.status == 0, "\(session.stderr)")
        #expect(session.stderr.isEmpty, "\(session.stderr)")
        #expect(session.stdout.contains("1. label: old"))
        #expect(session.stdout.contains("3. taps: 2"), "its own service, resolved through this viper's registry, counted twice")
        #expect(session.stdout.contains("4. signed in: nobody"), "the bundled Session answered the 1.3 plugin")
    }

    @Test func viperPluginsNamesTheContractsVersionAPluginWasBuiltAgainst() throws {
        let plugin = try legacyPlugin(against: ContractsInterfaces.released("1.0"))
        let listing = try ViperProcess().run(["plugins", "--plugins", plugin])
        #expect(listing.status == 0)
        let block = listing.stdout.components(separatedBy: "\n\n").first { $0.hasPrefix("legacy-1-0 1.0.0  [ready]") }
        // The 1.0 entry does not record the compiler: that came with 1.1.
        #expect(block?.contains("  contracts: 1.0, built with an unknown Swift compiler (it predates Contracts 1.1)") == true, "\(listing.stdout)")
    }

    @Test(arguments: [(0, 1), (1, 0)])
    func aPluginBuiltAgainstANewerContractsIsRefusedNamingBothVersions(majorStep: Int, minorStep: Int) throws {
        let newer = ContractsVersion(major: host.major + majorStep, minor: majorStep == 0 ? host.minor + minorStep : 0)
        let plugin = try legacyPlugin(against: ContractsInterfaces.claiming(newer), named: "Legacy\(newer.major)x\(newer.minor)")
        let viper = ViperProcess()
        let listing = try viper.run(["plugins", "--plugins", plugin])
        let reason = "built for Contracts \(newer), but this viper has Contracts \(host); rebuild the plugin against Contracts \(host)"
        #expect(listing.stdout.contains(reason), "\(listing.stdout)")
        let opened = try viper.run(["--plugins", plugin, "-c", "open legacy"])
        #expect(opened.status == 1)
        #expect(!opened.stdout.contains("Built against Contracts"), "no code of the refused plugin drew a screen")
    }
}
