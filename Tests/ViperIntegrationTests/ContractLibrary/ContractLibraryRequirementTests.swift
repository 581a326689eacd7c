import Foundation
import Testing
import ViperTestSupport

/// A contract library changed and rebuilt with no cut and no new version (or with only a new
/// minor), with real binaries built separately: the provider against FixtureWelcome 1.0, the
/// consumer against a library whose `WelcomeText` gained `farewell(_:)`, that library installed.
/// viper reads the two files' symbol tables and refuses the provider, which lacks the
/// requirement; before, `open` ended in SIGSEGV. A requirement added with a default keeps it.
@Suite(.serialized) struct ContractLibraryRequirementTests {
    private let refusal = "libWelcomeProviderPlugin.so: refused: it conforms to FixtureWelcome.WelcomeText of the contract library FixtureWelcome 1.0 ("
    private let lacks = "but does not implement its requirement FixtureWelcome.WelcomeText.farewell(Swift.String) -> Swift.String, which has no default there: "
        + "it was built against an older FixtureWelcome, and a plugin calling that requirement would crash viper; rebuild it against the installed FixtureWelcome"

    private var provider: String {
        get throws { try ContractLibraryFixtures.plugin("WelcomeProviderPlugin") }
    }

    /// The consumer and the library it was built against, `farewell(_:)` added at 1.`minor` without a cut.
    private func changed(minor: Int = 0, defaulted: Bool = false) throws -> [String] {
        [try ContractLibraryFixtures.plugin("WelcomeConsumerPlugin", againstMinor: minor, changed: true, uncut: true, defaulted: defaulted),
         try ContractLibraryFixtures.library(minor: minor, changed: true, uncut: true, defaulted: defaulted) + "/libFixtureWelcome.so"]
    }

    @Test func doctorRefusesTheProviderNamingTheLibraryAndTheRequirementItLacks() throws {
        let folder = try ContractLibraryFixtures.pluginFolder([try provider] + (try changed()))
        let doctor = try ViperProcess().run(["doctor", "--plugins", folder])
        #expect(doctor.status == 1, "\(doctor.stdout)")
        let line = doctor.stdout.split(separator: "\n").first { $0.contains(refusal) }
        #expect(line?.contains(lacks) == true, "\(doctor.stdout)")
        #expect(doctor.stdout.contains("plugin 'welcome-consumer' is disabled: WelcomeConsumerPlugin.LobbyInput requires FixtureWelcome.WelcomeText, "
                + "which no plugin provides: 'libWelcomeProviderPlugin.so' provides it but was refused, as it lacks a requirement the installed "
                + "FixtureWelcome 1.0 has (its own line says which); rebuild 'libWelcomeProviderPlugin.so' against the installed FixtureWelcome 1.0"),
                "one line names both plugins and the library: \(doctor.stdout)")
    }

    @Test func openingTheConsumerIsARefusalNotACrash() throws {
        let folder = try ContractLibraryFixtures.pluginFolder([try provider] + (try changed()))
        let session = try ViperProcess().run(["--plugins", folder, "-c", "open lobby"])
        #expect(session.exitedNormally, "viper crashed: \(session.stderr)")
        #expect(!session.stdout.contains("Consumer's lobby"), "\(session.stdout)")
        #expect(session.stderr.contains(refusal) && session.stderr.contains(lacks), "\(session.stderr)")
        #expect(session.stderr.contains("'libWelcomeProviderPlugin.so' provides it but was refused"),
                "the shell's start-up line for the consumer names the refused provider, as doctor's does: \(session.stderr)")
        #expect((session.stdout + session.stderr).contains("cannot open 'lobby': plugin 'welcome-consumer' is disabled: "
                + "WelcomeConsumerPlugin.LobbyInput requires FixtureWelcome.WelcomeText, which no plugin provides: 'libWelcomeProviderPlugin.so' "
                + "provides it but was refused, as it lacks a requirement the installed FixtureWelcome 1.0 has (its own line says which); "
                + "rebuild 'libWelcomeProviderPlugin.so' against the installed FixtureWelcome 1.0; type 'doctor' for every problem"),
                "open's own line names the consumer, the refused provider, the library and the fix: \(session.stdout)\(session.stderr)")

        let welcome = try ViperProcess().run(["--plugins", folder, "-c", "open welcome"])
        #expect(welcome.stderr.contains("no route matches 'welcome'; "), "\(welcome.stderr)")
        #expect(welcome.stderr.contains("viper refused \(folder)/libWelcomeProviderPlugin.so, so the routes it may declare are unknown ("
                                        + "refused: it conforms to FixtureWelcome.WelcomeText"),
                "the refused provider's own route names it: \(welcome.stderr)")
    }

    @Test func checkFailsTheProviderAndTheConsumerNamingTheRefusedProvider() throws {
        let folder = try ContractLibraryFixtures.pluginFolder([try provider] + (try changed()))
        let provider = try ViperProcess().run(["check", folder + "/libWelcomeProviderPlugin.so"])
        #expect(provider.status == 1, "\(provider.stdout)")
        #expect(provider.stdout.contains("fail  [plugin] loads: refused: it conforms to FixtureWelcome.WelcomeText"), "\(provider.stdout)")
        let consumer = try ViperProcess().run(["check", folder + "/libWelcomeConsumerPlugin.so", "--plugins", folder + "/libWelcomeProviderPlugin.so"])
        #expect(consumer.status == 1, "\(consumer.stdout)")
        #expect(consumer.stdout.contains("; refused as providers: " + folder + "/" + refusal), "\(consumer.stdout)")
        #expect(consumer.stdout.contains("fail  [plugin] requirements: with the bundled plugins and those given with --plugins, viper would disable it: "
                + "WelcomeConsumerPlugin.LobbyInput requires FixtureWelcome.WelcomeText, which no plugin provides: 'libWelcomeProviderPlugin.so' "
                + "provides it but was refused, as it lacks a requirement the installed FixtureWelcome 1.0 has (its own line says which); "
                + "rebuild 'libWelcomeProviderPlugin.so' against the installed FixtureWelcome 1.0\n"),
                "the requirements line carries doctor's sentence: \(consumer.stdout)")
    }

    @Test func aProviderOlderThanAMinorThatAddedARequirementWithoutADefaultIsRefused() throws {
        let folder = try ContractLibraryFixtures.pluginFolder([try provider] + (try changed(minor: 1)))
        let doctor = try ViperProcess().run(["doctor", "--plugins", folder])
        #expect(doctor.status == 1, "\(doctor.stdout)")
        #expect(doctor.stdout.contains("libWelcomeProviderPlugin.so: refused: it conforms to FixtureWelcome.WelcomeText of the contract library FixtureWelcome 1.1 ("),
                "\(doctor.stdout)")
    }

    @Test func aProviderThatImplementsNoneOfAProtocolsRequirementsIsRefused() throws {
        // WelcomeNote had no requirement when the provider was built; the installed library gave it one.
        let library = try ContractLibraryFixtures.library(minor: 0, noted: true) + "/libFixtureWelcome.so"
        let folder = try ContractLibraryFixtures.pluginFolder([try provider, library])
        let doctor = try ViperProcess().run(["doctor", "--plugins", folder])
        #expect(doctor.status == 1, "\(doctor.stdout)")
        let line = doctor.stdout.split(separator: "\n").first { $0.contains("libWelcomeProviderPlugin.so: refused: it conforms to ") }
        #expect(line?.contains("it conforms to FixtureWelcome.WelcomeNote of the contract library FixtureWelcome 1.0 (") == true, "\(doctor.stdout)")
        #expect(line?.contains("but does not implement its requirement FixtureWelcome.WelcomeNote.note() -> Swift.String, which has no default there: "
                + "it was built against an older FixtureWelcome") == true, "\(doctor.stdout)")
        let check = try ViperProcess().run(["check", folder + "/libWelcomeProviderPlugin.so"])
        #expect(check.status == 1, "\(check.stdout)")
        #expect(check.stdout.contains("fail  [plugin] loads: refused: it conforms to FixtureWelcome.WelcomeNote"), "\(check.stdout)")
    }

    @Test func aProviderBuiltAgainstTheInstalledLibraryImplementingNoRequirementIsKept() throws {
        // The same conformance to WelcomeNote, with no requirement in the installed library either: nothing is missing.
        let folder = try ContractLibraryFixtures.pluginFolder([try provider, try ContractLibraryFixtures.library(minor: 0) + "/libFixtureWelcome.so"])
        let doctor = try ViperProcess().run(["doctor", "--plugins", folder])
        #expect(!doctor.stdout.contains("refused"), "\(doctor.stdout)")
    }

    @Test func aRequirementAddedWithADefaultKeepsTheProvider() throws {
        let folder = try ContractLibraryFixtures.pluginFolder([try provider] + (try changed(defaulted: true)))
        let session = try ViperProcess().run(["--plugins", folder, "-c", "open lobby"])
        #expect(session.status == 0, "\(session.stdout)\(session.stderr)")
        #expect(session.stdout.contains("resolved: Welcome, lobby, from the provider"), "\(session.stdout)")
    }
}
