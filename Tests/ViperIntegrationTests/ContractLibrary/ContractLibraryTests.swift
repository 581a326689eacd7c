import Foundation
import Testing
import ViperCoreTestSupport
import ViperTestSupport

/// Contracts that plugins publish to each other, with real binaries: a contract library and two
/// plugins built separately against it, loaded by the built `viper` from one plugin folder.
@Suite(.serialized, .tags(.slow)) struct ContractLibraryTests {
    private func installed(library minor: Int = 0, consumerMinor: Int = 0, copiedIn: Bool = false, withLibrary: Bool = true) throws -> String {
        var files = [try ContractLibraryFixtures.plugin("WelcomeProviderPlugin"),
                     try ContractLibraryFixtures.plugin("WelcomeConsumerPlugin", againstMinor: consumerMinor, statically: copiedIn)]
        if withLibrary { files.append(try ContractLibraryFixtures.library(minor: minor) + "/libFixtureWelcome.so") }
        return try ContractLibraryFixtures.pluginFolder(files)
    }

    @Test func theConsumerRoutesToTheProvidersModuleAndResolvesItsServiceAcrossTheBoundary() throws {
        let folder = try installed()
        let session = try ViperProcess().run(["--plugins", folder, "-c", "open lobby; visit"])
        #expect(session.status == 0, "\(session.stderr)")
        #expect(session.stderr.isEmpty, "\(session.stderr)")
        #expect(session.stdout.contains("resolved: Welcome, lobby, from the provider"), "the consumer resolved the provider's WelcomeText: \(session.stdout)")
        #expect(session.stdout.contains("Provider's welcome screen"), "the consumer routed to the provider's WelcomeScreen")
        #expect(session.stdout.contains("Welcome, a guest of the lobby, from the provider"), "its prepare closure set the provider's input")
    }

    @Test func pluginsDoctorAndGraphShowTheContractLibraryAndWhoUsesIt() throws {
        let folder = try installed()
        let viper = ViperProcess()
        let listing = try viper.run(["plugins", "--plugins", folder])
        #expect(listing.status == 0)
        #expect(listing.stdout.contains("FixtureWelcome 1.0  [contract library, ready]"), "\(listing.stdout)")
        #expect(listing.stdout.contains("  used by:   welcome-consumer, welcome-provider"), "\(listing.stdout)")
        #expect(listing.stdout.contains("  libraries: FixtureWelcome 1.0"), "each plugin names the library it was built against")
        let json = try viper.run(["plugins", "--json", "--plugins", folder])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let libraries = object?["contractLibraries"] as? [[String: Any]]
        #expect(libraries?.first?["name"] as? String == "FixtureWelcome")
        #expect(libraries?.first?["version"] as? String == "1.0")
        #expect(libraries?.first?["usedBy"] as? [String] == ["welcome-consumer", "welcome-provider"])
        let doctor = try viper.run(["doctor", "--plugins", folder])
        #expect(doctor.status == 0, "\(doctor.stdout)")
        let graph = try viper.run(["graph", "--plugins", folder])
        #expect(graph.stdout.contains("contract library FixtureWelcome 1.0  [ready]  used by welcome-consumer, welcome-provider"), "\(graph.stdout)")
        let dot = try viper.run(["graph", "--format", "dot", "--plugins", folder])
        #expect(dot.stdout.contains("\"plugin:welcome-consumer\" -> \"library:FixtureWelcome\""), "\(dot.stdout)")
    }

    @Test func aConsumerWhoseContractLibraryIsMissingIsRefusedNamingIt() throws {
        let folder = try installed(withLibrary: false)
        let doctor = try ViperProcess().run(["doctor", "--plugins", folder])
        #expect(doctor.status != 0)
        #expect(doctor.stdout.contains("libWelcomeConsumerPlugin.so: refused: it needs the contract library FixtureWelcome (libFixtureWelcome.so), which is not installed in any plugin folder; install libFixtureWelcome.so beside the plugin"), "\(doctor.stdout)")
        let opened = try ViperProcess().run(["--plugins", folder, "-c", "open lobby"])
        #expect(!opened.stdout.contains("Consumer's lobby"))
    }

    @Test func aConsumerBuiltAgainstANewerContractLibraryIsRefusedNamingBothVersions() throws {
        let folder = try installed(library: 0, consumerMinor: 1)
        let doctor = try ViperProcess().run(["doctor", "--plugins", folder])
        #expect(doctor.stdout.contains("refused: it was built against the contract library FixtureWelcome 1.1, but the installed one (\(folder)/libFixtureWelcome.so) is FixtureWelcome 1.0, older; install FixtureWelcome 1.1 or a later 1.x, or rebuild the plugin against 1.0"), "\(doctor.stdout)")
        #expect(!doctor.stdout.contains("welcome-provider"), "the provider, built against 1.0, is fine")
    }

    @Test func installingTheNewerLibraryLetsTheRefusedConsumerLoadWithoutARescan() throws {
        let folder = try installed(library: 0, consumerMinor: 1)
        let viper = ViperProcess()
        let before = try viper.run(["doctor", "--plugins", folder])
        #expect(before.stdout.contains("built against the contract library FixtureWelcome 1.1"), "\(before.stdout)")
        try FileManager.default.removeItem(atPath: folder + "/libFixtureWelcome.so")
        try FileManager.default.copyItem(atPath: try ContractLibraryFixtures.library(minor: 1) + "/libFixtureWelcome.so",
                                         toPath: folder + "/libFixtureWelcome.so")
        // The cached refusal depended on the library: a changed library means a new scan.
        let after = try viper.run(["--plugins", folder, "-c", "open lobby"])
        #expect(after.status == 0, "\(after.stderr)")
        #expect(after.stdout.contains("resolved: Welcome, lobby, from the provider"), "\(after.stdout)\(after.stderr)")
    }

    @Test func aConsumerWithItsOwnCopyOfTheContractLibraryIsRefused() throws {
        let folder = try installed(copiedIn: true)
        let doctor = try ViperProcess().run(["doctor", "--plugins", folder])
        #expect(doctor.stdout.contains("libWelcomeConsumerPlugin.so: refused: it carries its own copy of the contract library FixtureWelcome"), "\(doctor.stdout)")
    }

    @Test func aContractLibraryOthersCanWriteIsRefusedAndSoAreThePluginsThatNeedIt() throws {
        let folder = try installed()
        #expect(chmod(folder + "/libFixtureWelcome.so", 0o664) == 0)
        let doctor = try ViperProcess().run(["doctor", "--plugins", folder])
        #expect(doctor.stdout.contains("libFixtureWelcome.so: refused: the file can be written by its group"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("libWelcomeConsumerPlugin.so: refused: it needs the contract library FixtureWelcome (\(folder)/libFixtureWelcome.so), which was refused"), "\(doctor.stdout)")
    }
}
