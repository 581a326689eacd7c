import Foundation
import Testing
import ViperTestSupport

/// `viper check`'s `requirements` rule: what the plugin requires has a provider among the bundled
/// plugins and `--plugins`, judged as start-up and `viper doctor` judge it, with doctor's sentence.
@Suite(.serialized, .tags(.slow)) struct ContractLibraryProviderCheckTests {
    @Test func aConsumerWhoseProviderIsNotGivenFailsNamingWhatIsMissingAndItsHintLeadsToAPass() throws {
        let folder = try ContractLibraryFixtures.pluginFolder([try ContractLibraryFixtures.plugin("WelcomeConsumerPlugin"),
                                                               try ContractLibraryFixtures.library(minor: 0) + "/libFixtureWelcome.so"])
        let check = try ViperProcess().run(["check", folder + "/libWelcomeConsumerPlugin.so"])
        #expect(check.status == 1, "\(check.stdout)")
        #expect(check.stdout.contains("fail  [plugin] requirements: with the bundled plugins and those given with --plugins, viper would disable it: "),
                "\(check.stdout)")
        #expect(check.stdout.contains("which no plugin provides; install a plugin that provides it "
                + "(if one is installed already, give it to 'viper check' with --plugins PATH)\n"), "\(check.stdout)")
        // The hint, followed: the provider installed in the user folder, given with --plugins.
        let viper = ViperProcess()
        let user = try #require(viper.environment["XDG_DATA_HOME"]) + "/viper/plugins"
        try FileManager.default.createDirectory(atPath: user, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try ContractLibraryFixtures.plugin("WelcomeProviderPlugin"), toPath: user + "/libWelcomeProviderPlugin.so")
        try FileManager.default.copyItem(atPath: folder + "/libFixtureWelcome.so", toPath: user + "/libFixtureWelcome.so")
        let followed = try viper.run(["check", folder + "/libWelcomeConsumerPlugin.so", "--plugins", user + "/libWelcomeProviderPlugin.so"])
        #expect(followed.stdout.contains("pass  [plugin] requirements: 2 required contract(s), each provided\n"), "\(followed.stdout)")
    }

    @Test func aConsumerWhoseProviderIsGivenPasses() throws {
        let folder = try ContractLibraryFixtures.pluginFolder([try ContractLibraryFixtures.plugin("WelcomeConsumerPlugin"),
                                                               try ContractLibraryFixtures.plugin("WelcomeProviderPlugin"),
                                                               try ContractLibraryFixtures.library(minor: 0) + "/libFixtureWelcome.so"])
        let check = try ViperProcess().run(["check", folder + "/libWelcomeConsumerPlugin.so", "--plugins", folder + "/libWelcomeProviderPlugin.so"])
        #expect(check.stdout.contains("pass  [plugin] requirements: 2 required contract(s), each provided\n"), "\(check.stdout)")
    }

    @Test func aForgottenRegistrationOfTheOwnLibrarysContractGetsDoctorsFix() throws {
        let folder = try ContractLibraryFixtures.pluginFolder([try ContractLibraryFixtures.plugin("ForgetfulProviderPlugin"),
                                                               try ContractLibraryFixtures.library(minor: 0) + "/libFixtureWelcome.so"])
        let check = try ViperProcess().run(["check", folder + "/libForgetfulProviderPlugin.so"])
        #expect(check.status == 1, "\(check.stdout)")
        #expect(check.stdout.contains("WelcomeText is a contract of FixtureWelcome, whose other contracts forgetful-provider provides: "
                                      + "if forgetful-provider is meant to provide it too, register it in its register(in:) "
                                      + "(registrar.registerService(WelcomeText.self, ...))"), "\(check.stdout)")
        // The builds line gives the kit's hint, as the plugin's own swift test does, and ends with its fix.
        let builds = check.stdout.split(separator: "\n").first { $0.hasPrefix("fail  [WelcomeScreen] builds: its builder threw: ") }
        #expect(builds?.hasSuffix(", which no loaded plugin provides: WelcomeText is a contract of FixtureWelcome, whose WelcomeScreen "
                                  + "this plugin provides: if it is meant to provide WelcomeText too, register it in its register(in:) "
                                  + "(registrar.registerService(WelcomeText.self, ...))") == true, "\(check.stdout)")
    }
}
