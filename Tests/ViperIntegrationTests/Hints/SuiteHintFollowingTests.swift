import Contracts
import Foundation
import Testing
import ViperTestSupport

/// The lines `viper check` prints about a contract library's suite library that did not run (it
/// cannot load, was built with another ConformanceKit, refused the request, or ran no check
/// because the plugin's module did not build), each followed as a person would: do what the line
/// says, check again, and see the suite run and pass.
@Suite(.serialized, .tags(.slow)) struct SuiteHintFollowingTests {
    /// A plugin folder with `plugin`, the library at 1.0 and `suite` (as libFixtureWelcomeSuites.so).
    private func folder(plugin: String = "WelcomeProviderPlugin", suite: String) throws -> String {
        try ContractLibraryFixtures.pluginFolder([try ContractLibraryFixtures.plugin(plugin),
                                                  try ContractLibraryFixtures.library(minor: 0) + "/libFixtureWelcome.so", suite])
    }

    /// Installs `suite` again: copies it over the one in `folder`.
    private func install(_ suite: String, in folder: String) throws {
        let target = folder + "/libFixtureWelcomeSuites.so"
        try FileManager.default.removeItem(atPath: target)
        try FileManager.default.copyItem(atPath: suite, toPath: target)
    }

    /// The suite ran on the provider and its check passed.
    private func expectTheSuiteRan(_ check: Subprocess.Result, folder: String) {
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdout.contains("pass  [plugin] suite: ran FixtureWelcome's suite (\(folder)/libFixtureWelcomeSuites.so): 1 check(s) on WelcomeText"),
                "\(check.stdout)")
        #expect(check.stdout.contains("pass  [WelcomeText] welcome-names-the-guest: FixtureWelcome's suite"), "\(check.stdout)")
    }

    @Test func aSuiteThatCannotLoadRunsOnceRebuiltAgainstTheInstalledLibraries() throws {
        let folder = try folder(suite: try ContractLibraryFixtures.suites(expecting: "Ada", linking: try ContractLibraryFixtures.goneLibrary()))
        let viper = ViperProcess()
        let before = try viper.run(["check", folder + "/libWelcomeProviderPlugin.so"])
        #expect(before.status == 1, "\(before.stdout)")
        let line = try #require(Hint.line("cannot be loaded", in: before.stdout), "\(before.stdout)")
        #expect(line.contains("libGone.so"), "the line names the library it lacks: \(line)")
        #expect(line.hasSuffix("; rebuild it against the installed libraries"), "\(line)")

        // Rebuilt against the installed libraries (libFixtureWelcome.so and viper's), without libGone.so.
        try install(try ContractLibraryFixtures.suites(expecting: "Ada"), in: folder)
        expectTheSuiteRan(try viper.run(["check", folder + "/libWelcomeProviderPlugin.so"]), folder: folder)
    }

    @Test func aSuiteBuiltWithAnotherKitRunsOnceRebuiltWithTheKitViperSdkNames() throws {
        let folder = try folder(suite: try ContractLibraryFixtures.suites(expecting: "Ada"))
        let record = try TemporaryFolder.make("kit-record") + "/record"
        try Data([0x54, 0x4B, 0x43, 0x56, 1, 0, 0, 0, 5, 0, 0, 0]).write(to: URL(fileURLWithPath: record))
        let objcopy = try FixtureCompiler.run(["objcopy", "--update-section", "viper_conformance_kit=" + record, folder + "/libFixtureWelcomeSuites.so"])
        try #require(objcopy.status == 0, "objcopy failed: \(objcopy.output)")
        let viper = ViperProcess()
        let before = try viper.run(["check", folder + "/libWelcomeProviderPlugin.so"])
        #expect(before.status == 1, "\(before.stdout)")
        let line = try #require(Hint.line("was built with ConformanceKit 1.5", in: before.stdout), "\(before.stdout)")

        // 'viper sdk' prints the Contracts folder the suite's package depends on; its kit is this viper's.
        let sdk = try Hint.run(try Hint.command("viper", in: line), with: viper)
        #expect(sdk.status == 0, "\(sdk.stdout)\(sdk.stderr)")
        let contracts = try #require(sdk.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.hasSuffix("/Contracts") || $0.contains("/Contracts ") }, "no Contracts folder in: \(sdk.stdout)")
        let path = String(contracts.split(separator: " ").first { $0.hasSuffix("/Contracts") } ?? "")
        #expect(FileManager.default.fileExists(atPath: path + "/ConformanceKit"), "the folder holds ConformanceKit: \(sdk.stdout)")

        // Rebuilt with this viper's ConformanceKit, then swift build and install it again.
        try install(try ContractLibraryFixtures.suites(expecting: "Ada"), in: folder)
        expectTheSuiteRan(try viper.run(["check", folder + "/libWelcomeProviderPlugin.so"]), folder: folder)
    }

    @Test func aSuiteThatRefusesTheRequestRunsOnceItsExportIsTheOneTheLineQuotes() throws {
        let folder = try folder(suite: try ContractLibraryFixtures.suites(expecting: "Ada", export: "ExportedSuites.run(nil, suites: [welcomeTextSuite])"))
        let viper = ViperProcess()
        let before = try viper.run(["check", folder + "/libWelcomeProviderPlugin.so"])
        #expect(before.status == 1, "\(before.stdout)")
        let line = try #require(Hint.line("refused viper check's request", in: before.stdout), "\(before.stdout)")
        #expect(!line.contains("ConformanceKit"), "the suite was built with this viper's kit, so the kit is not the fix: \(line)")

        // The export as quoted, its suites in the list.
        let quoted = try #require(Hint.commands(in: line).map { $0.joined(separator: " ") }.first { $0.hasPrefix("@_cdecl") }, "\(line)")
        let body = try #require(quoted.components(separatedBy: "{ ").last?.components(separatedBy: " }").first, "\(quoted)")
        #expect(body == "ExportedSuites.run(request, suites: [...])", "\(quoted)")
        let fixed = body.replacingOccurrences(of: "[...]", with: "[welcomeTextSuite]")
        try install(try ContractLibraryFixtures.suites(expecting: "Ada", export: fixed), in: folder)
        expectTheSuiteRan(try viper.run(["check", folder + "/libWelcomeProviderPlugin.so"]), folder: folder)
    }

    /// "ran no check: ... did not build; fix 'builds' above": the builds line names the
    /// missing WelcomeText; the provider registers it, is rebuilt, and the suite then runs.
    @Test func aSuiteThatRanNoCheckRunsOnceTheBuildsLineIsFollowed() throws {
        let folder = try folder(plugin: "ForgetfulProviderPlugin", suite: try ContractLibraryFixtures.suites(expecting: "Ada"))
        let viper = ViperProcess()
        let before = try viper.run(["check", folder + "/libForgetfulProviderPlugin.so"])
        let line = try #require(Hint.line("ran no check: ", in: before.stdout), "\(before.stdout)")
        #expect(line.hasSuffix("fix 'builds' above, then check again"), "\(line)")
        let builds = try #require(before.stdout.split(separator: "\n").first { $0.hasPrefix("fail") && $0.contains("] builds") }, "\(before.stdout)")
        #expect(builds.contains("WelcomeText"), "the builds line names the missing service: \(builds)")

        // The fix the builds line names: register WelcomeText; then rebuild the plugin and check again.
        let library = try ContractLibraryFixtures.library(minor: 0)
        let build = try TemporaryFolder.make("forgetful-fixed")
        let source = try Fixtures.source("ContractLibrary/ForgetfulProviderPlugin.swift")
            .replacingOccurrences(of: "    static func register(in registrar: any Registrar) throws {\n",
                                  with: "    static func register(in registrar: any Registrar) throws {\n"
                                      + "        registrar.registerService(WelcomeText.self) { _ in RememberedWelcome() }\n")
            + "\nfinal class RememberedWelcome: WelcomeText {\n    func welcome(_ guest: String) -> String { \"Welcome, \\(guest)\" }\n}\n"
        try source.write(toFile: build + "/ForgetfulProviderPlugin.swift", atomically: true, encoding: .utf8)
        let compiled = try FixtureCompiler.run(["swiftc", "-emit-library", "-module-name", "ForgetfulProviderPlugin", "-parse-as-library",
                                                "-I", BuildProducts.modules, "-I", library, "-L", BuildProducts.directory, "-lContracts",
                                                "-L", library, "-lFixtureWelcome", build + "/ForgetfulProviderPlugin.swift",
                                                "-o", build + "/libForgetfulProviderPlugin.so"], in: build)
        try #require(compiled.status == 0, "\(compiled.output)")
        try FileManager.default.removeItem(atPath: folder + "/libForgetfulProviderPlugin.so")
        try FileManager.default.copyItem(atPath: build + "/libForgetfulProviderPlugin.so", toPath: folder + "/libForgetfulProviderPlugin.so")

        let after = try viper.run(["check", folder + "/libForgetfulProviderPlugin.so"])
        #expect(after.status == 0, "\(after.stdout)")
        #expect(!after.stdout.contains("ran no check"), "\(after.stdout)")
        #expect(after.stdout.contains("pass  [WelcomeText] welcome-names-the-guest: FixtureWelcome's suite"), "\(after.stdout)")
    }
}
