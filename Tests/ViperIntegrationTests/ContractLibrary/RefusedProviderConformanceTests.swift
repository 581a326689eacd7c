import Foundation
import Testing
import ViperCore
import ViperLoading
import ViperTestSupport

/// A provider refused for lacking a requirement of one contract (FixtureWelcome.WelcomeText) also
/// implements another of the library (its WelcomeScreen module): a consumer that needs only that
/// one is told about the refused provider too, read from the provider's conformance records.
@Suite struct RefusedProviderConformanceTests {
    private func refusal(_ provider: String) -> Problem {
        Problem(
            kind: .loadFailed, plugin: nil, contract: nil,
            message: provider + ": refused: it conforms to FixtureWelcome.WelcomeText of the contract library FixtureWelcome 1.0 "
                + "(/plugins/libFixtureWelcome.so) but does not implement its requirement FixtureWelcome.WelcomeText.farewell(Swift.String) -> Swift.String")
    }

    private func consumer(requiring contract: String) -> Problem {
        Problem(
            kind: .missingProvider, plugin: "caller", contract: contract,
            message: "plugin 'caller' is disabled: CallerPlugin.CallerInput requires module \(contract), which no plugin provides; "
                + "install a plugin that provides it")
    }

    @Test func aConsumerOfTheRefusedProvidersModuleIsToldItImplementsIt() throws {
        let provider = try ContractLibraryFixtures.plugin("WelcomeProviderPlugin")
        let told = RefusedProviders([refusal(provider)]).naming([consumer(requiring: "FixtureWelcome.WelcomeScreen")])
        #expect(told.map(\.message) == [
            "plugin 'caller' is disabled: CallerPlugin.CallerInput requires module FixtureWelcome.WelcomeScreen, which no plugin provides: "
                + "'libWelcomeProviderPlugin.so' implements it but was refused, as it lacks a requirement the installed FixtureWelcome 1.0 has "
                + "(its own line says which); rebuild 'libWelcomeProviderPlugin.so' against the installed FixtureWelcome 1.0",
        ])
    }

    @Test func aContractTheRefusedProviderDoesNotImplementKeepsItsLine() throws {
        let provider = try ContractLibraryFixtures.plugin("WelcomeProviderPlugin")
        let unrelated = consumer(requiring: "FixtureWelcome.WelcomeDoor")
        #expect(RefusedProviders([refusal(provider)]).naming([unrelated]) == [unrelated])
    }
}
