import Foundation
import Testing
@testable import ViperCore
import ViperHostTestSupport
@testable import ViperRuntime
import ViperTestSupport

/// A reload names a provider refused for lacking a requirement of a changed contract library as
/// start-up does: the consumer's line names the consumer, the refused provider, the library and the
/// fix, whichever of the two files viper saw first. Real binaries, built separately: the provider
/// against FixtureWelcome 1.0, the consumer against the library whose `WelcomeText` gained
/// `farewell(_:)` under the same version, that library installed.
@Suite(.serialized) struct RefusedProviderReloadTests {
    private let named = "which no plugin provides: 'libWelcomeProviderPlugin.so' provides it but was refused, as it lacks a requirement "
        + "the installed FixtureWelcome 1.0 has (its own line says which); rebuild 'libWelcomeProviderPlugin.so' against the installed FixtureWelcome 1.0"

    private var provider: String {
        get throws { try ContractLibraryFixtures.plugin("WelcomeProviderPlugin") }
    }

    private var consumer: String {
        get throws { try ContractLibraryFixtures.plugin("WelcomeConsumerPlugin", changed: true, uncut: true) }
    }

    private var changedLibrary: String {
        get throws { try ContractLibraryFixtures.library(minor: 0, changed: true, uncut: true) + "/libFixtureWelcome.so" }
    }

    @Test func aProviderRefusedByAReloadIsNamedInItsConsumersLineAsAtStartUp() throws {
        let folder = try ContractLibraryFixtures.pluginFolder([try consumer, try changedLibrary])
        let consumerPath = folder + "/libWelcomeConsumerPlugin.so"
        let (runtime, _) = try LiveFixture.runtime(folder: folder)
        #expect(runtime.problemLines.contains { $0.hasPrefix(consumerPath + ": ") && $0.hasSuffix("install a plugin that provides it") },
                "\(runtime.problemLines)")

        try LiveFixture.install(try provider, in: folder, as: "libWelcomeProviderPlugin.so")
        let notices = runtime.reloadAll().notices
        let startup = try LiveReloadRefusalTests.startupVerdict(folder: folder, path: consumerPath)
        let line = try #require(startup.line)
        let reason = try #require(startup.reason)
        #expect(line == consumerPath + ": plugin 'welcome-consumer' is disabled: WelcomeConsumerPlugin.LobbyInput requires FixtureWelcome.WelcomeText, " + named)
        #expect(notices.count == 2, "\(notices)")
        #expect(notices.first?.hasPrefix(folder + "/libWelcomeProviderPlugin.so: refused: it conforms to FixtureWelcome.WelcomeText") == true, "\(notices)")
        #expect(notices.last == line, "the consumer's line, as start-up gives it: \(notices)")
        #expect(runtime.problemLines.contains(line) && !runtime.problemLines.contains { $0.hasSuffix("install a plugin that provides it") },
                "\(runtime.problemLines)")
        #expect(runtime.record(named: "welcome-consumer")?.reason == reason)
        let error = try #require(throws: NavigationError.self) { try NavigationStack(registry: runtime.registry).open(path: "lobby") }
        #expect("\(error)".contains(reason), "open names the refused provider too: \(error)")
        #expect(runtime.reloadAll().isEmpty, "told once, not again while nothing changes")
    }

    @Test func aConsumerAddedAfterItsProviderWasRefusedGetsStartUpsLine() throws {
        let folder = try ContractLibraryFixtures.pluginFolder([try provider, try changedLibrary])
        let (runtime, _) = try LiveFixture.runtime(folder: folder)
        #expect(runtime.problemLines.contains { $0.contains("libWelcomeProviderPlugin.so: refused: it conforms to ") }, "\(runtime.problemLines)")

        let consumerPath = try LiveFixture.install(try consumer, in: folder, as: "libWelcomeConsumerPlugin.so")
        let notices = runtime.reloadAll().notices
        let line = try #require(try LiveReloadRefusalTests.startupVerdict(folder: folder, path: consumerPath).line)
        #expect(line.hasSuffix(named), "\(line)")
        #expect(notices == [line])
        #expect(runtime.record(at: consumerPath)?.status == .disabled)
    }
}
