import Contracts
import Foundation
import Testing
import ViperTestSupport

/// A suite library links its own copy of ConformanceKit; `viper check` reads the kit's
/// `viper_conformance_kit` record from the suite's file before loading it and refuses one built
/// with another kit than viper's own, in one line, instead of running it. The other kit is the
/// fixture suite with its record rewritten (as a build with ConformanceKit 1.5 would have it) or
/// removed (as a kit from before the record).
@Suite(.serialized, .tags(.slow)) struct ContractLibrarySuiteKitTests {
    /// A plugin folder with the provider, the library and the fixture suite, its record passed through `edit`.
    private func folder(editingTheSuite edit: (String) throws -> Void) throws -> String {
        let folder = try ContractLibraryFixtures.pluginFolder([try ContractLibraryFixtures.plugin("WelcomeProviderPlugin"),
                                                               try ContractLibraryFixtures.library(minor: 0) + "/libFixtureWelcome.so",
                                                               try ContractLibraryFixtures.suites(expecting: "Ada")])
        try edit(folder + "/libFixtureWelcomeSuites.so")
        return folder
    }

    private func objcopy(_ arguments: [String], _ suite: String) throws {
        let result = try FixtureCompiler.run(["objcopy"] + arguments + [suite])
        try #require(result.status == 0, "objcopy failed: \(result.output)")
    }

    @Test func theFixtureSuiteCarriesTheRecordOfTheKitItWasBuiltWith() throws {
        let result = try FixtureCompiler.run(["readelf", "-x", "viper_conformance_kit", try ContractLibraryFixtures.suites(expecting: "Ada")])
        let version = ContractsVersion.current
        let words = "544b4356 " + [version.major, version.minor].map { String(format: "%02x000000", $0) }.joined(separator: " ")
        #expect(result.output.contains(words), "the record (VCKT, \(version.major), \(version.minor)): \(result.output)")
    }

    @Test func aSuiteBuiltWithAnotherKitIsRefusedNamingBothKitsAndTheFix() throws {
        let folder = try folder { suite in
            let record = try TemporaryFolder.make("kit-record") + "/record"
            try Data([0x54, 0x4B, 0x43, 0x56, 1, 0, 0, 0, 5, 0, 0, 0]).write(to: URL(fileURLWithPath: record))
            try objcopy(["--update-section", "viper_conformance_kit=" + record], suite)
        }
        let check = try ViperProcess().run(["check", folder + "/libWelcomeProviderPlugin.so"])
        #expect(check.status == 1, "\(check.stdout)")
        #expect(check.stdout.contains("fail  [plugin] suite: FixtureWelcome's suite (\(folder)/libFixtureWelcomeSuites.so) was built with "
                + "ConformanceKit 1.5, and this viper's is ConformanceKit \(ContractsVersion.current): not run, as a suite library must be built with the ConformanceKit "
                + "of the viper that runs it; rebuild it with this viper's ConformanceKit"), "\(check.stdout)")
        #expect(!check.stdout.contains("welcome-names-the-guest"), "the suite did not run: \(check.stdout)")
    }

    @Test func aSuiteWithoutARecordIsRefusedAsBuiltWithAnOlderKit() throws {
        let folder = try folder { try objcopy(["--remove-section", "viper_conformance_kit"], $0) }
        let check = try ViperProcess().run(["check", folder + "/libWelcomeProviderPlugin.so"])
        #expect(check.status == 1, "\(check.stdout)")
        #expect(check.stdout.contains("(\(folder)/libFixtureWelcomeSuites.so) was built with a ConformanceKit older than this one "
                + "(it has no viper_conformance_kit record), and this viper's is ConformanceKit \(ContractsVersion.current)"), "\(check.stdout)")
    }
}
