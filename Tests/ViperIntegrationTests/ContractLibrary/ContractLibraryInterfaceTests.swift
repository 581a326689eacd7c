import Foundation
import Testing
import ViperTestSupport

/// A contract library changed without a new version, with real binaries: the provider built against
/// FixtureWelcome 1.0, the consumer against a 1.0 whose `WelcomeText` gained a requirement with a
/// default (and whose gate recorded another interface digest), that changed library installed. The
/// symbol tables show nothing missing (ContractLibraryRequirementTests has the requirement without a
/// default), so it is the recorded digests that tell the pair apart.
@Suite(.serialized) struct ContractLibraryInterfaceTests {
    private let reason = "'welcome-consumer' and 'welcome-provider' were built against different interfaces of the contract library FixtureWelcome 1.0 "
        + "(c4a96e0f3b2d and 5e01d2b7a8f4), so 'welcome-consumer' could call a requirement of WelcomeText that 'welcome-provider' does not implement; "
        + "FixtureWelcome changed without a new version"

    private var provider: String {
        get throws { try ContractLibraryFixtures.plugin("WelcomeProviderPlugin") }
    }

    private var changedConsumer: String {
        get throws { try ContractLibraryFixtures.plugin("WelcomeConsumerPlugin", changed: true, defaulted: true) }
    }

    private var changedLibrary: String {
        get throws { try ContractLibraryFixtures.library(minor: 0, changed: true, defaulted: true) + "/libFixtureWelcome.so" }
    }

    @Test func doctorRefusesThePairInOneLineNamingBothPluginsAndTheLibrary() throws {
        let folder = try ContractLibraryFixtures.pluginFolder([try provider, try changedConsumer, try changedLibrary])
        let doctor = try ViperProcess().run(["doctor", "--plugins", folder])
        #expect(doctor.status == 1, "\(doctor.stdout)")
        let lines = doctor.stdout.split(separator: "\n").filter { $0.contains(reason) }
        #expect(lines.count == 2, "one line for each plugin of the pair:\n\(doctor.stdout)")
        #expect(lines.first?.contains("libWelcomeConsumerPlugin.so: plugin 'welcome-consumer' is disabled: ") == true, "\(doctor.stdout)")
    }

    @Test func theShellStaysUpAndRefusesToOpenTheConsumer() throws {
        let folder = try ContractLibraryFixtures.pluginFolder([try provider, try changedConsumer, try changedLibrary])
        let session = try ViperProcess().run(["--plugins", folder, "-c", "open lobby"])
        #expect(session.exitedNormally, "viper crashed: \(session.stderr)")
        #expect(!session.stdout.contains("Consumer's lobby"), "\(session.stdout)")
        #expect(session.stderr.contains(reason) || session.stdout.contains(reason), "\(session.stdout)\(session.stderr)")
    }

    @Test func checkFailsTheConsumerNamingTheProviderItWasCheckedWith() throws {
        let folder = try ContractLibraryFixtures.pluginFolder([try changedConsumer, try changedLibrary])
        let result = try ViperProcess().run(["check", folder + "/libWelcomeConsumerPlugin.so", "--plugins", try provider])
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stdout.contains("fail  [plugin] library-interfaces: " + reason), "\(result.stdout)")
    }

    @Test func aPairBuiltAgainstOneInterfacePassesTheCheckSayingWhatItRecorded() throws {
        let folder = try ContractLibraryFixtures.pluginFolder([try ContractLibraryFixtures.plugin("WelcomeConsumerPlugin"),
                                                               try ContractLibraryFixtures.library(minor: 0) + "/libFixtureWelcome.so"])
        let result = try ViperProcess().run(["check", folder + "/libWelcomeConsumerPlugin.so", "--plugins", try provider])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("pass  [plugin] library-interfaces: FixtureWelcome 1.0\n"), "\(result.stdout)")
    }
}
