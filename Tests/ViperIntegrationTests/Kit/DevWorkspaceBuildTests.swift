import Foundation
import Testing
import ViperTestSupport

/// `viper dev FOLDER` over a real workspace: the FixtureWelcome contract library and
/// the WelcomeProvider plugin, two SwiftPM packages, the plugin depending on the library by path.
/// Both link this build's libContracts.so instead of building Contracts each (so the first build
/// takes seconds, not minutes). A change to the library builds it, then the plugin, in that order,
/// and the shell reloads the plugin; the test waits for each notice, never a fixed time.
@Suite(.serialized, .tags(.slow)) struct DevWorkspaceBuildTests {
    /// The flags that compile against this build's Contracts and link its libContracts.so.
    private static let contracts = "\"-I\", \"\(BuildProducts.modules)\""
    private static let linking = "\"-L\", \"\(BuildProducts.directory)\", \"-lContracts\""

    private static let libraryManifest = """
        // swift-tools-version:6.0
        import PackageDescription

        let package = Package(
            name: "FixtureWelcome",
            products: [.library(name: "FixtureWelcome", type: .dynamic, targets: ["FixtureWelcome"])],
            targets: [
                .target(
                    name: "FixtureWelcome",
                    swiftSettings: [.unsafeFlags(["-enable-library-evolution", \(contracts)])],
                    linkerSettings: [.unsafeFlags([\(linking), "-Xlinker", "-soname", "-Xlinker", "libFixtureWelcome.so"])]
                ),
            ]
        )

        """

    private static let pluginManifest = """
        // swift-tools-version:6.0
        import PackageDescription

        let package = Package(
            name: "WelcomeProvider",
            products: [.library(name: "WelcomeProviderPlugin", type: .dynamic, targets: ["WelcomeProviderPlugin"])],
            dependencies: [.package(path: "../FixtureWelcome")],
            targets: [
                .target(
                    name: "WelcomeProviderPlugin",
                    dependencies: [.product(name: "FixtureWelcome", package: "FixtureWelcome")],
                    swiftSettings: [.unsafeFlags([\(contracts)])],
                    linkerSettings: [.unsafeFlags([\(linking)])]
                ),
            ]
        )

        """

    /// A workspace folder holding the two packages, the library at 1.`minor`.
    static func workspace(minor: Int = 0) throws -> String {
        let folder = try TemporaryFolder.make("dev-workspace-build")
        let library = try Fixtures.source("ContractLibrary/FixtureWelcome.swift").replacingOccurrences(of: "__MINOR__", with: "\(minor)")
            .replacingOccurrences(of: "__CHANGE__", with: "").replacingOccurrences(of: "__DEFAULTS__", with: "")
            .replacingOccurrences(of: "__NOTE__", with: "").replacingOccurrences(of: "__INTERFACE__", with: "5e01d2b7a8f4c693")
        let files = [
            "FixtureWelcome/Package.swift": Self.libraryManifest,
            "FixtureWelcome/Sources/FixtureWelcome/FixtureWelcome.swift": library,
            "WelcomeProvider/Package.swift": Self.pluginManifest,
            "WelcomeProvider/Sources/WelcomeProviderPlugin/WelcomeProviderPlugin.swift":
                try Fixtures.source("ContractLibrary/WelcomeProviderPlugin.swift"),
        ]
        for (path, text) in files {
            let file = folder + "/" + path
            try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: file, atomically: true, encoding: .utf8)
        }
        return folder
    }

    @Test func aLibraryChangeRebuildsTheLibraryThenThePluginAndTheShellReloadsIt() throws {
        let folder = try Self.workspace()
        var environment = ViperProcess().environment
        environment["VIPER_RELOAD_PROBE"] = "1"
        environment["VIPER_RELOAD_PROBE_HEARD"] = "1"  // the events DevCommandTests.poke waits for
        let viper = try RunningViper(arguments: ["dev", folder, "--open", "welcome"], environment: environment)
        try viper.waitFor("Welcome, nobody, from the provider", seconds: 300)  // both built, the plugin loaded
        let source = folder + "/FixtureWelcome/Sources/FixtureWelcome/FixtureWelcome.swift"
        let text = try String(contentsOfFile: source, encoding: .utf8)
        try Data((text + "\n/// Added while viper dev runs.\npublic func fixtureWelcomeEdition() -> Int { 2 }\n").utf8).write(to: URL(fileURLWithPath: source))
        try DevCommandTests.poke(viper, until: "probe: libWelcomeProviderPlugin.so changed")
        let printed = viper.printed
        let order = ["building FixtureWelcome (library)", "built FixtureWelcome in ", "building WelcomeProviderPlugin",
                     "built WelcomeProviderPlugin in ", "probe: libWelcomeProviderPlugin.so changed"]
        let positions = order.map { printed.range(of: $0)?.lowerBound }
        #expect(!positions.contains(nil), "every notice came: \(printed)")
        let found = positions.compactMap { $0 }
        #expect(found == found.sorted(), "the library, then the plugin, then the reload: \(printed)")
        viper.send("open welcome")
        try viper.waitFor("Welcome, nobody, from the provider")
        let (status, errors) = try viper.finish()
        #expect(status == 0, "\(errors)")
        #expect(errors.contains("Built FixtureWelcome in ") && errors.contains("Built WelcomeProviderPlugin in "), "\(errors)")
    }

    /// The library's minor raised in the workspace while 1.0 is installed in the user folder: the
    /// session loads the workspace's build (the plugin, built against 1.1, is not refused against the
    /// installed 1.0), says which copy it loaded, and after a rebuild of the library says that the
    /// running viper keeps the copy it loaded.
    @Test func theWorkspacesOwnBuildOfTheLibraryIsLoadedNotTheInstalledCopy() throws {
        let folder = try Self.workspace(minor: 1)
        var environment = ViperProcess().environment
        let user = try #require(environment["XDG_DATA_HOME"]) + "/viper/plugins"
        try FileManager.default.createDirectory(atPath: user, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: try ContractLibraryFixtures.library(minor: 0) + "/libFixtureWelcome.so", toPath: user + "/libFixtureWelcome.so")
        environment["VIPER_RELOAD_PROBE"] = "1"
        environment["VIPER_RELOAD_PROBE_HEARD"] = "1"
        let viper = try RunningViper(arguments: ["dev", folder, "--open", "welcome"], environment: environment)
        try viper.waitFor("Welcome, nobody, from the provider", seconds: 300)
        let source = folder + "/FixtureWelcome/Sources/FixtureWelcome/FixtureWelcome.swift"
        let text = try String(contentsOfFile: source, encoding: .utf8)
        try Data((text + "\n/// Added while viper dev runs.\npublic func fixtureWelcomeEdition() -> Int { 2 }\n").utf8).write(to: URL(fileURLWithPath: source))
        try DevCommandTests.poke(viper, until: "FixtureWelcome rebuilt: this viper keeps running the FixtureWelcome 1.1 it loaded at start")
        #expect(viper.printed.contains("quit and run 'viper dev' again"), "\(viper.printed)")
        // The plugin is rebuilt against it before the next change, which then starts a cycle of its own.
        try DevCommandTests.poke(viper, until: "built WelcomeProviderPlugin in ")
        viper.send("open welcome")
        try viper.waitFor("Welcome, nobody, from the provider")

        // A new minor: the loaded 1.1 would refuse plugins built against 1.2, so they are held, saying why.
        let raised = try String(contentsOfFile: source, encoding: .utf8).replacingOccurrences(of: "minor: 1,", with: "minor: 2,")
            .replacingOccurrences(of: "0x0001_0001", with: "0x0001_0002")
        try Data(raised.utf8).write(to: URL(fileURLWithPath: source))
        try DevCommandTests.poke(viper, until: "WelcomeProviderPlugin not built: its library FixtureWelcome has a new version")
        #expect(viper.printed.contains("FixtureWelcome rebuilt (now 1.2): this viper keeps running the FixtureWelcome 1.1 it loaded at start"),
                "\(viper.printed)")
        viper.send("open welcome")
        try viper.waitFor("Welcome, nobody, from the provider")
        let (status, errors) = try viper.finish()
        #expect(status == 0, "\(errors)")
        #expect(
            errors.contains("Library FixtureWelcome 1.1: this session loads the workspace's build \(folder)/FixtureWelcome/.build/debug/libFixtureWelcome.so (as the copy "),
            "\(errors)")
        #expect(errors.contains("; the installed \(user)/libFixtureWelcome.so is not used under viper dev"), "\(errors)")
        #expect(!viper.printed.contains("refused"), "\(viper.printed)")
    }
}
