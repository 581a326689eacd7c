import Foundation
import Testing
import ViperTestSupport

/// `viper install` and `viper uninstall` into a temporary prefix, and the installed viper
/// used as an author would: on PATH, `viper new` in a folder outside the repository, a build
/// against the installed SDK, and `viper check` of the result.
@Suite(.tags(.slow)) struct InstallCommandTests {
    @Test func anInstalledViperMakesBuildsAndChecksAPluginAndUninstallLeavesNothing() throws {
        let prefix = try TemporaryFolder.make("install-prefix")
        let installed = try ViperProcess().run(["install", "--prefix", prefix])
        #expect(installed.status == 0, "\(installed.stdout)\(installed.stderr)")
        #expect(installed.stdout.hasPrefix("Installed viper "), "\(installed.stdout)")
        #expect(installed.stdout.contains("\(prefix)/bin is not on PATH; add it, e.g.: export PATH=\"\(prefix)/bin:$PATH\""))
        let home = prefix + "/lib/viper"
        for file in ["viper", "libContracts.so", "libGreeterPlugin.so", "libNotesPlugin.so", "Modules/Contracts.swiftinterface",
                     "Contracts/Package.swift", "Contracts/ConformanceKit/Package.swift"] {
            #expect(FileManager.default.fileExists(atPath: home + "/" + file), "\(file) was not installed")
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: prefix + "/bin/viper") == "../lib/viper/viper")

        let workspace = try TemporaryFolder.make("install-author")
        let author = Author(prefix: prefix, folder: workspace)
        let new = try author.run(["viper", "new", "Installed"])
        #expect(new.status == 0, "\(new.output)")
        let manifest = try String(contentsOfFile: workspace + "/Installed/Package.swift", encoding: .utf8)
        #expect(manifest.contains(".package(path: \"\(home)/Contracts\")"), "\(manifest)")
        let build = try author.run(["swift", "build"], in: workspace + "/Installed")
        #expect(build.status == 0, "\(build.output)")
        let check = try author.run(["viper", "check", ".build/debug/libInstalledPlugin.so"], in: workspace + "/Installed")
        #expect(check.status == 0, "\(check.output)")
        #expect(check.output.contains("installed conforms"), "\(check.output)")

        let removed = try author.run(["viper", "uninstall", "--prefix", prefix])
        #expect(removed.status == 0, "\(removed.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: prefix) == [])
    }

    @Test func uninstallRefusesAFolderThatInstallDidNotMake() throws {
        let prefix = try TemporaryFolder.make("install-foreign")
        try FileManager.default.createDirectory(atPath: prefix + "/lib/viper", withIntermediateDirectories: true)
        let result = try ViperProcess().run(["uninstall", "--prefix", prefix])
        #expect(result.status == 64)
        #expect(result.stderr == "viper: \(prefix)/lib/viper exists but was not made by 'viper install'; move it away or choose another --prefix\n")
        #expect(FileManager.default.fileExists(atPath: prefix + "/lib/viper"))
    }

    @Test func uninstallWhereNothingIsInstalledSaysWhichPrefixToGive() throws {
        let prefix = try TemporaryFolder.make("install-empty")
        let result = try ViperProcess().run(["uninstall", "--prefix", prefix])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("viper: no viper is installed in \(prefix)"), "\(result.stderr)")
    }

    @Test func prefixBelongsToInstallAndUninstall() throws {
        let result = try ViperProcess().run(["plugins", "--prefix", "/usr/local"])
        #expect(result.status == 64)
        #expect(result.stderr == "viper: option '--prefix' belongs to 'viper install' and 'viper uninstall'\n")
    }

    /// Runs tools with the installed `bin` first on PATH, a fresh data folder and no plugin path.
    @Test func anInstalledViperShipsTheGuidesExamplesAndTheCookbooksRecipesAsPackagesThatBuild() throws {
        let prefix = try TemporaryFolder.make("install-examples")
        let installed = try ViperProcess().run(["install", "--prefix", prefix])
        #expect(installed.status == 0, "\(installed.stdout)\(installed.stderr)")
        let home = prefix + "/lib/viper"
        // The PATH hint, followed as printed: the shell then finds the installed viper.
        let export = try #require(installed.stdout.components(separatedBy: "\n").first { $0.contains("add it, e.g.: ") })
            .components(separatedBy: "add it, e.g.: ").last ?? ""
        let found = try Subprocess.tool(["sh", "-c", "\(export) && command -v viper"], environment: ViperProcess().environment)
        #expect(found.output == "\(prefix)/bin/viper\n", "\(export): \(found.output)")

        let author = Author(prefix: prefix, folder: try TemporaryFolder.make("install-examples-author"))
        let sdk = try author.run(["viper", "sdk"])
        #expect(sdk.output.contains("Examples: \(home)/Examples/"), "\(sdk.output)")
        #expect(sdk.output.contains("Guide and cookbook: \(home)/docs/PLUGIN_AUTHORS.md, COOKBOOK.md"), "\(sdk.output)")

        // Every Examples/ path the installed guide names is in the installed Examples folder.
        let guide = try String(contentsOfFile: home + "/docs/PLUGIN_AUTHORS.md", encoding: .utf8)
        let named = guide.matches(of: #/Examples/[A-Za-z0-9_+./-]*[A-Za-z0-9_]/#).map { String($0.output) }.filter { !$0.contains("/.build/") }
        #expect(named.count >= 8, "\(named)")
        for path in Set(named) {
            #expect(FileManager.default.fileExists(atPath: home + "/" + path), "the guide names \(path), which the install does not ship")
        }

        // A cookbook recipe's package builds against the installed SDK, passes its tests, and runs its viper line.
        let cookbook = home + "/Examples/Cookbook"
        let readme = try String(contentsOfFile: cookbook + "/README.md", encoding: .utf8)
        #expect(readme.contains("- `04-route-through-a-typed-route`: Route through a typed route (`libShelfPlugin.so`)"), "\(readme)")
        let recipe = author.folder + "/typed-route"
        try FileManager.default.copyItem(atPath: cookbook + "/04-route-through-a-typed-route", toPath: recipe)
        let test = try author.run(["swift", "test"], in: recipe)
        #expect(test.status == 0, "\(test.output)")
        #expect(test.output.contains("Test run with 4 tests"), "\(test.output)")
        let shell = try author.run(["viper", "--plugins", ".build/debug/libShelfPlugin.so", "-c", "open shelf; read 1"], in: recipe)
        #expect(shell.status == 0 && shell.output.contains("Reading Dune"), "\(shell.output)")
    }

    private struct Author {
        let prefix: String
        let folder: String
        let environment: [String: String]

        init(prefix: String, folder: String) {
            self.prefix = prefix
            self.folder = folder
            var environment = ViperProcess().environment
            environment["PATH"] = prefix + "/bin:" + (environment["PATH"] ?? "/usr/bin:/bin")
            self.environment = environment
        }

        func run(_ arguments: [String], in directory: String? = nil) throws -> Subprocess.Result {
            try Subprocess.tool(arguments, in: directory ?? folder, environment: environment)
        }
    }
}
