import Foundation
import Testing
import ViperTestSupport

/// Suites travel with contracts: FixtureWelcome's package builds libFixtureWelcomeSuites.so, installed
/// beside libFixtureWelcome.so, and `viper check` runs it on the provider, built separately, saying
/// whose suite ran; the kit then does not call WelcomeText a contract without a suite.
@Suite(.serialized, .tags(.slow)) struct ContractLibrarySuiteTests {
    private func folder(suiteExpecting expected: String) throws -> String {
        try ContractLibraryFixtures.pluginFolder([try ContractLibraryFixtures.plugin("WelcomeProviderPlugin"),
                                                  try ContractLibraryFixtures.library(minor: 0) + "/libFixtureWelcome.so",
                                                  try ContractLibraryFixtures.suites(expecting: expected)])
    }

    @Test func checkRunsTheLibrarysSuiteOnTheProviderAndSaysWhoseItIs() throws {
        let folder = try folder(suiteExpecting: "Ada")
        let check = try ViperProcess().run(["check", folder + "/libWelcomeProviderPlugin.so"])
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdout.contains("pass  [plugin] suite: ran FixtureWelcome's suite (\(folder)/libFixtureWelcomeSuites.so): 1 check(s) on WelcomeText\n"),
                "\(check.stdout)")
        #expect(check.stdout.contains("pass  [WelcomeText] welcome-names-the-guest: FixtureWelcome's suite\n"), "\(check.stdout)")
        #expect(!check.stdout.contains("[WelcomeText] contract-suite"), "\(check.stdout)")
    }

    /// A suite that ran nothing because the plugin's module did not build has not passed: the
    /// line says so and points at `builds` (here the provider forgot to register its service).
    @Test func aSuiteThatRanNothingBecauseAModuleDidNotBuildIsNotAPass() throws {
        let folder = try ContractLibraryFixtures.pluginFolder([try ContractLibraryFixtures.plugin("ForgetfulProviderPlugin"),
                                                               try ContractLibraryFixtures.library(minor: 0) + "/libFixtureWelcome.so",
                                                               try ContractLibraryFixtures.suites(expecting: "Ada")])
        let check = try ViperProcess().run(["check", folder + "/libForgetfulProviderPlugin.so"])
        #expect(check.stdout.contains("n/a   [plugin] suite: FixtureWelcome's suite (\(folder)/libFixtureWelcomeSuites.so) ran no check: "),
                "\(check.stdout)")
        #expect(check.stdout.contains(" did not build, so its checks on them could not run; fix 'builds' above, then check again"), "\(check.stdout)")
        #expect(!check.stdout.contains("pass  [plugin] suite:"), "\(check.stdout)")
    }

    @Test func aPromiseTheProviderBreaksFailsTheCheckNamingTheSuite() throws {
        let folder = try folder(suiteExpecting: "Farewell")
        let check = try ViperProcess().run(["check", folder + "/libWelcomeProviderPlugin.so"])
        #expect(check.status == 1, "\(check.stdout)")
        #expect(check.stdout.contains("fail  [WelcomeText] welcome-names-the-guest: FixtureWelcome's suite: expected a welcome that says 'Farewell'"),
                "\(check.stdout)")
    }

    @Test func suitesGivenWithTheSuitesOptionRunToo() throws {
        let folder = try ContractLibraryFixtures.pluginFolder([try ContractLibraryFixtures.plugin("WelcomeProviderPlugin"),
                                                               try ContractLibraryFixtures.library(minor: 0) + "/libFixtureWelcome.so"])
        let suites = try ContractLibraryFixtures.suites(expecting: "Ada")
        let check = try ViperProcess().run(["check", folder + "/libWelcomeProviderPlugin.so", "--suites", suites])
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdout.contains("pass  [WelcomeText] welcome-names-the-guest: FixtureWelcome's suite\n"), "\(check.stdout)")
        #expect(check.stdout.contains("pass  [plugin] suite: ran FixtureWelcome's suite (\(suites)): 1 check(s) on WelcomeText\n"), "\(check.stdout)")
        let elsewhere = try ViperProcess().run(["plugins", "--suites", suites])
        #expect(elsewhere.status == 64)
        #expect(elsewhere.stderr == "viper: option '--suites' belongs to 'viper check'\n", "\(elsewhere.stderr)")
    }

    @Test func aLibraryContractWhoseSuitesAreNotFoundNamesTheLibraryTheFileAndTheFix() throws {
        let folder = try ContractLibraryFixtures.pluginFolder([try ContractLibraryFixtures.plugin("WelcomeProviderPlugin"),
                                                               try ContractLibraryFixtures.library(minor: 0) + "/libFixtureWelcome.so"])
        let check = try ViperProcess().run(["check", folder + "/libWelcomeProviderPlugin.so"])
        let line = check.stdout.split(separator: "\n").first { $0.hasPrefix("n/a   [WelcomeText] contract-suite:") }.map(String.init) ?? ""
        #expect(line.hasPrefix("n/a   [WelcomeText] contract-suite: WelcomeText is a contract of FixtureWelcome, whose suite library "
                               + "libFixtureWelcomeSuites.so was not found beside libFixtureWelcome.so (looked in \(folder)"), "\(check.stdout)")
        #expect(line.hasSuffix("); only the generic checks ran (copy libFixtureWelcomeSuites.so into one of those folders, or pass --suites PATH to it)"),
                "\(check.stdout)")
        #expect(!check.stdout.contains("write a ContractSuite for it"), "\(check.stdout)")
        // The fix, followed: the suite library copied into the folder the line names first.
        let suites = try ContractLibraryFixtures.suites(expecting: "Ada")
        try FileManager.default.copyItem(atPath: suites, toPath: folder + "/libFixtureWelcomeSuites.so")
        let followed = try ViperProcess().run(["check", folder + "/libWelcomeProviderPlugin.so"])
        #expect(followed.stdout.contains("pass  [plugin] suite: ran FixtureWelcome's suite (\(folder)/libFixtureWelcomeSuites.so)"), "\(followed.stdout)")
        #expect(!followed.stdout.contains("was not found beside"), "\(followed.stdout)")
    }

    @Test func aPluginThatProvidesNoneOfTheLibrarysContractsIsToldSo() throws {
        let folder = try folder(suiteExpecting: "Ada")
        try FileManager.default.copyItem(atPath: try ContractLibraryFixtures.plugin("WelcomeConsumerPlugin"), toPath: folder + "/libWelcomeConsumerPlugin.so")
        let check = try ViperProcess().run(["check", folder + "/libWelcomeConsumerPlugin.so", "--plugins", folder + "/libWelcomeProviderPlugin.so"])
        #expect(check.stdout.contains("pass  [plugin] suite: FixtureWelcome's suite (\(folder)/libFixtureWelcomeSuites.so) has no check for a contract this plugin provides"),
                "\(check.stdout)")
    }

    @Test func aSuiteLibraryThatCarriesItsOwnCopyOfTheLibraryIsNamedWithTheFix() throws {
        let folder = try ContractLibraryFixtures.pluginFolder([try ContractLibraryFixtures.plugin("WelcomeProviderPlugin"),
                                                               try ContractLibraryFixtures.library(minor: 0) + "/libFixtureWelcome.so",
                                                               try ContractLibraryFixtures.suites(expecting: "Ada", copying: true)])
        let check = try ViperProcess().run(["check", folder + "/libWelcomeProviderPlugin.so"])
        #expect(check.status == 1, "\(check.stdout)")
        #expect(check.stdout.contains("fail  [plugin] suite: FixtureWelcome's suite (\(folder)/libFixtureWelcomeSuites.so) carries its own copy of "
                                      + "FixtureWelcome (it does not link libFixtureWelcome.so)"), "\(check.stdout)")
        #expect(!check.stdout.contains("has no check for a contract this plugin provides"), "\(check.stdout)")
    }

    @Test func aSuiteLibraryInAPluginFolderIsListedAsOneAndIsNoProblem() throws {
        let folder = try folder(suiteExpecting: "Ada")
        let doctor = try ViperProcess().run(["doctor", "--plugins", folder])
        #expect(doctor.status == 0, "\(doctor.stdout)")
        #expect(!doctor.stdout.contains("not a viper plugin"), "\(doctor.stdout)")
        let plugins = try ViperProcess().run(["plugins", "--plugins", folder])
        #expect(plugins.stdout.contains("suite library: \(folder)/libFixtureWelcomeSuites.so (not a plugin: "
                                        + "'viper check' runs it on the plugins that provide its contracts)"), "\(plugins.stdout)")
        let session = try ViperProcess().run(["--plugins", folder, "-c", "open welcome"])
        #expect(!session.stderr.contains("libFixtureWelcomeSuites.so"), "the shell does not warn about it: \(session.stderr)")
    }

    @Test func suitesInstalledInTheUserFolderRunOnAPluginCheckedBesideAnotherCopyOfTheLibrary() throws {
        let viper = ViperProcess()
        let user = (viper.environment["XDG_DATA_HOME"] ?? "") + "/viper/plugins"
        try FileManager.default.createDirectory(atPath: user, withIntermediateDirectories: true)
        for file in [try ContractLibraryFixtures.library(minor: 0) + "/libFixtureWelcome.so", try ContractLibraryFixtures.suites(expecting: "Ada")] {
            try FileManager.default.copyItem(atPath: file, toPath: user + "/" + (file as NSString).lastPathComponent)
        }
        let build = try ContractLibraryFixtures.pluginFolder([try ContractLibraryFixtures.plugin("WelcomeProviderPlugin"),
                                                              try ContractLibraryFixtures.library(minor: 0) + "/libFixtureWelcome.so"])
        let check = try viper.run(["check", build + "/libWelcomeProviderPlugin.so"])
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdout.contains("pass  [plugin] suite: ran FixtureWelcome's suite (\(user)/libFixtureWelcomeSuites.so): 1 check(s) on WelcomeText\n"),
                "\(check.stdout)")
    }
}
