import Foundation
import Testing
import ViperCoreTestSupport
import ViperTestSupport

/// The validator's hints about what plugins require, followed as they say: a requirement no
/// plugin provides gets its provider installed, a contract library that is not installed is
/// installed beside the plugin, and doctor is then ok. (Two providers of one contract settled by
/// the `--prefer` the hint names: `CLITests.aDuplicateProviderIsReportedUntilTheUserChoosesOne`.)
@Suite(.tags(.slow)) struct ValidatorHintFollowingTests {
    @Test func aRequirementNoPluginProvidesIsMetByInstallingAProviderAsTheHintSays() throws {
        let viper = ViperProcess()
        try viper.installInUserFolder([try Fixtures.consumer()])
        let refused = try viper.run(["doctor"])
        #expect(refused.status == 1, "\(refused.output)")
        let line = try #require(Hint.line("which no plugin provides; install a plugin that provides it", in: refused.output), "\(refused.output)")
        #expect(line.contains("requires FixtureContracts.Greeting"), "\(line)")
        // A plugin that provides FixtureContracts.Greeting, installed where the consumer is.
        try viper.installInUserFolder([try Fixtures.english()])
        let followed = try viper.run(["doctor"])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(followed.output.contains("every requirement has a provider"), "\(followed.output)")
    }

    @Test func aContractLibraryThatIsNotInstalledIsInstalledBesideThePluginAsTheHintSays() throws {
        let viper = ViperProcess()
        let plugins = try viper.installInUserFolder([try ContractLibraryFixtures.plugin("WelcomeConsumerPlugin"),
                                                     try ContractLibraryFixtures.plugin("WelcomeProviderPlugin")])
        let refused = try viper.run(["doctor"])
        #expect(refused.status == 1, "\(refused.output)")
        let line = try #require(Hint.line("which is not installed in any plugin folder; install libFixtureWelcome.so beside the plugin", in: refused.output),
                                "\(refused.output)")
        // Beside the plugin the line names.
        let plugin = Hint.subject(of: line)
        #expect(plugins.contains(plugin), "\(line)")
        try FileManager.default.copyItem(atPath: try ContractLibraryFixtures.library(minor: 0) + "/libFixtureWelcome.so",
                                         toPath: (plugin as NSString).deletingLastPathComponent + "/libFixtureWelcome.so")
        let followed = try viper.run(["doctor"])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(!followed.output.contains("refused"), "\(followed.output)")
    }

    @Test func aRouteChoiceOfAPluginThatDoesNotDeclareItIsMadeOfOneTheHintLists() throws {
        let dropIn = try Fixtures.route("notes", plugin: "fixture-notes", module: "RouteNotes")
        let viper = ViperProcess()
        let refused = try viper.run(["doctor", "--prefer", "notes=fixture-other", "--plugins", dropIn])
        let line = try #require(Hint.line("does not declare it; choose one of: ", in: refused.output), "\(refused.output)")
        let first = try #require(line.components(separatedBy: "choose one of: ").last?.components(separatedBy: ", ").first, "\(line)")
        let followed = try viper.run(["doctor", "--prefer", "notes=\(first)", "--plugins", dropIn])
        #expect(followed.status == 0, "\(followed.output)")
    }

    @Test func aRouteChoiceNoPluginDeclaresIsRemovedAsTheHintSays() throws {
        let viper = ViperProcess()
        let refused = try viper.run(["doctor", "--prefer", "nowhere=notes"])
        #expect(refused.status == 1)
        #expect(refused.output.contains("but no enabled plugin declares that route; remove the choice, or fix the name"), "\(refused.output)")
        let followed = try viper.run(["doctor"])
        #expect(followed.status == 0, "\(followed.output)")
    }

    @Test func aContractLibraryInstalledTwiceIsInstalledOnceAsTheHintSays() throws {
        let viper = ViperProcess()
        let library = try ContractLibraryFixtures.library(minor: 0) + "/libFixtureWelcome.so"
        try viper.installInUserFolder([library, try ContractLibraryFixtures.plugin("WelcomeConsumerPlugin"),
                                       try ContractLibraryFixtures.plugin("WelcomeProviderPlugin")])
        let second = try ContractLibraryFixtures.pluginFolder([library])
        let refused = try viper.run(["doctor", "--plugins", second])
        let line = try #require(Hint.line("was found first, at ", in: refused.output), "\(refused.output)")
        #expect(line.hasSuffix("; remove one of the two"), "\(line)")
        try FileManager.default.removeItem(atPath: Hint.subject(of: line))
        let followed = try viper.run(["doctor", "--plugins", second])
        #expect(followed.status == 0, "\(followed.output)")
        #expect(!followed.output.contains("remove one of the two"), "\(followed.output)")
    }
}
