import Foundation
import Testing
import ViperTestSupport

/// `viper check` on plugins that use a contract library: the library is found where the runtime
/// finds it (``ContractLibraryLookup``), with the fixture library and plugins built separately.
@Suite(.serialized) struct ContractLibraryCheckTests {
    private var library: String {
        get throws { try ContractLibraryFixtures.library(minor: 0) + "/libFixtureWelcome.so" }
    }

    private var provider: String {
        get throws { try ContractLibraryFixtures.plugin("WelcomeProviderPlugin") }
    }

    /// The consumer alone in a fresh folder (`extra` files beside it), as a path to check.
    private func consumer(beside extra: [String] = []) throws -> String {
        let folder = try ContractLibraryFixtures.pluginFolder([try ContractLibraryFixtures.plugin("WelcomeConsumerPlugin")] + extra)
        return folder + "/libWelcomeConsumerPlugin.so"
    }

    private func expectConforms(_ result: ViperProcess.Result, _ where_: String) {
        #expect(result.status == 0, "\(where_):\n\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("pass  [plugin] loads: built for Contracts"), "\(where_):\n\(result.stdout)")
        #expect(result.stdout.hasSuffix("welcome-consumer conforms\n"), "\(where_):\n\(result.stdout)")
    }

    @Test func aConsumerIsCheckedWithTheLibraryBesideItAndTheProviderGivenWithPlugins() throws {
        let result = try ViperProcess().run(["check", try consumer(beside: [try library]), "--plugins", try provider])
        expectConforms(result, "library beside the consumer")
        #expect(result.stdout.contains("pass  [LobbyInput] builds"), "the lobby resolved WelcomeText across the boundary: \(result.stdout)")
    }

    @Test func aConsumerIsCheckedWithTheLibraryInTheSwiftPMBuildFolderNextToIt() throws {
        let path = try consumer()
        let build = (path as NSString).deletingLastPathComponent + "/.build/debug"
        try FileManager.default.createDirectory(atPath: build, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try library, toPath: build + "/libFixtureWelcome.so")
        expectConforms(try ViperProcess().run(["check", path, "--plugins", try provider]), "library in .build/debug")
    }

    @Test func aConsumerIsCheckedWithTheLibraryInThePluginsFolderGivenWithPlugins() throws {
        let folder = try ContractLibraryFixtures.pluginFolder([try library, try provider])
        expectConforms(try ViperProcess().run(["check", try consumer(), "--plugins", folder]), "library in --plugins DIR")
    }

    @Test func aConsumerIsCheckedWithTheLibraryInTheUserFolder() throws {
        let viper = ViperProcess()
        let user = try #require(viper.environment["XDG_DATA_HOME"]) + "/viper/plugins"
        try FileManager.default.createDirectory(atPath: user, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try library, toPath: user + "/libFixtureWelcome.so")
        expectConforms(try viper.run(["check", try consumer(), "--plugins", try provider]), "library in the user folder")
    }

    /// The header of the checks judged in the plugin's process gives the reason the shell would:
    /// the consumer uses another plugin's service. It does not call the library the check loaded
    /// from the user folder (its `library-copy` line) "not installed".
    @Test func theHeaderOfACheckedConsumerGivesTheTrueReasonItIsNotIsolatedAndAgreesWithItsLibraryCopy() throws {
        let viper = ViperProcess()
        let user = try #require(viper.environment["XDG_DATA_HOME"]) + "/viper/plugins"
        try FileManager.default.createDirectory(atPath: user, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try library, toPath: user + "/libFixtureWelcome.so")
        let result = try viper.run(["check", try consumer(), "--plugins", try provider])
        expectConforms(result, "library in the user folder")
        let header = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("judged in the plugin's own process") })
        #expect(header.contains("(it cannot run isolated: it uses service "), "\(header)")
        #expect(header.contains(" of another plugin, which an isolated plugin cannot do)"), "\(header)")
        #expect(!header.contains("not installed"), "\(header)")
        #expect(result.stdout.contains("library-copy: FixtureWelcome 1.0 from \(user)/libFixtureWelcome.so (installed: the copy viper loads)"), "\(result.stdout)")
    }

    @Test func aConsumerIsCheckedWithTheLibraryInAFolderOfViperPluginPath() throws {
        var viper = ViperProcess()
        viper.environment["VIPER_PLUGIN_PATH"] = try ContractLibraryFixtures.pluginFolder([try library])
        expectConforms(try viper.run(["check", try consumer(), "--plugins", try provider]), "library in VIPER_PLUGIN_PATH")
    }

    @Test func aConsumerWhoseLibraryIsNowhereIsStillRefusedNamingTheLibrary() throws {
        let result = try ViperProcess().run(["check", try consumer(), "--plugins", try provider])
        #expect(result.status == 1)
        #expect(result.stdout.contains("fail  [plugin] loads: refused: it needs the contract library FixtureWelcome (libFixtureWelcome.so), which is not installed in any plugin folder"),
                "\(result.stdout)")
    }

    @Test func theProviderIsCheckedWithTheLibraryBesideIt() throws {
        let folder = try ContractLibraryFixtures.pluginFolder([try provider, try library])
        let result = try ViperProcess().run(["check", folder + "/libWelcomeProviderPlugin.so"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("welcome-provider conforms\n"), "\(result.stdout)")
    }

    @Test func theShellRunsAPluginGivenAsAFileWithTheLibraryBesideIt() throws {
        let session = try ViperProcess().run(["--plugins", try consumer(beside: [try library]), "--plugins", try provider, "-c", "open lobby"])
        #expect(session.status == 0, "\(session.stderr)")
        #expect(session.stdout.contains("resolved: Welcome, lobby, from the provider"), "\(session.stdout)\(session.stderr)")
    }

    /// A plugin of modules only that links a library runs isolated from the user folder (it is not
    /// trusted), and its isolated process loads the library installed beside it; `viper check` of
    /// the installed file judges its modules across the wire, as the shell runs it.
    @Test func aModulesOnlyPluginInTheUserFolderRunsIsolatedWithTheLibraryBesideIt() throws {
        let viper = ViperProcess()
        let user = try #require(viper.environment["XDG_DATA_HOME"]) + "/viper/plugins"
        try FileManager.default.createDirectory(atPath: user, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try library, toPath: user + "/libFixtureWelcome.so")
        try FileManager.default.copyItem(atPath: try ContractLibraryFixtures.plugin("DoorConsumerPlugin"), toPath: user + "/libDoorConsumerPlugin.so")
        let opened = try viper.run(["-c", "open door"])
        #expect(opened.stdout.contains("leads to FixtureWelcome.WelcomeScreen"), "\(opened.output)")
        #expect(!opened.output.contains("cannot run isolated"), "\(opened.output)")
        let log = try String(contentsOfFile: viper.dataFolder + "/viper.log", encoding: .utf8)
        #expect(log.contains("started door isolated from "), "\(log)")

        let checked = try viper.run(["check", user + "/libDoorConsumerPlugin.so"])
        #expect(checked.stdout.contains("judged by viper in its own process, against the plugin running isolated"), "\(checked.stdout)")
        #expect(!checked.stdout.contains("cannot run isolated"), "\(checked.stdout)")
    }
}
