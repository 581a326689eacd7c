import Foundation
import Testing
import ViperTestSupport

/// `viper dev` refused outside a plugin package (an empty folder, a folder that does not exist, a
/// package with no plugin product): each refusal says to run it in a package 'viper new NAME'
/// made, or to give its path; done so, dev builds the plugin and opens the shell with it.
@Suite(.serialized, .tags(.slow)) struct DevHintFollowingTests {
    @Test func devRefusedOutsideAPluginPackageRunsInThePackageTheHintsPointTo() throws {
        let folder = try TemporaryFolder.make("hint-dev")
        let tool = try TemporaryFolder.make("hint-dev-tool") + "/Tool"
        try FileManager.default.createDirectory(atPath: tool + "/Sources/Tool", withIntermediateDirectories: true)
        try Data("let x = 1\n".utf8).write(to: URL(fileURLWithPath: tool + "/Sources/Tool/Tool.swift"))
        try Data("""
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(name: "Tool", products: [.library(name: "Tool", targets: ["Tool"])], targets: [.target(name: "Tool")])

            """.utf8).write(to: URL(fileURLWithPath: tool + "/Package.swift"))
        for (place, hint) in [(folder, "run 'viper dev' in the folder 'viper new NAME' made, or give its path"),
                              (folder + "/nowhere", "run 'viper dev' in a plugin package (one 'viper new NAME' made) or give its path"),
                              (tool, "add one to its Package.swift, or make a plugin package with 'viper new NAME'")] {
            let refused = try ViperProcess().run(["dev", place])
            #expect(refused.status == 1)
            #expect(refused.stderr.contains(hint), "\(refused.stderr)")
        }
        // A package 'viper new NAME' made, its path given.
        #expect(try ViperProcess().run(["new", "Stamp", "--dir", folder]).status == 0)
        let viper = try DevCommandTests.start(folder + "/Stamp", ["--open", "stamp"])
        try viper.waitFor("Home › Stamp", seconds: 300)
        let (status, errors) = try viper.finish()
        #expect(status == 0)
        #expect(errors.contains("Built StampPlugin in "), "\(errors)")
    }

    @Test func aFirstBuildThatFailsIsFixedAndDevRunAgainAsTheHintSays() throws {
        let folder = try TemporaryFolder.make("hint-dev-broken")
        #expect(try ViperProcess().run(["new", "Stamp", "--dir", folder]).status == 0)
        let package = folder + "/Stamp"
        let view = package + "/Sources/StampPlugin/Stamp/StampView.swift"
        let original = try String(contentsOfFile: view, encoding: .utf8)
        try (original + "\nlet broken: Int = \"text\"\n").write(toFile: view, atomically: true, encoding: .utf8)
        let refused = try ViperProcess().run(["dev", package])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("the build of StampPlugin failed:"), "\(refused.stderr)")
        #expect(refused.stderr.contains("cannot convert value of type 'String' to specified type 'Int'"), "\(refused.stderr)")
        #expect(refused.stderr.hasSuffix("fix it and run 'viper dev' again\n"), "\(refused.stderr)")
        try original.write(toFile: view, atomically: true, encoding: .utf8)
        let viper = try DevCommandTests.start(package, ["--open", "stamp"])
        try viper.waitFor("Home › Stamp", seconds: 300)
        let (status, errors) = try viper.finish()
        #expect(status == 0)
        #expect(errors.contains("Built StampPlugin in "), "\(errors)")
    }

    @Test func theErrorsDevLeavesOutAreAllShownByTheSwiftBuildTheHintNames() throws {
        let folder = try TemporaryFolder.make("hint-dev-errors")
        #expect(try ViperProcess().run(["new", "Stamp", "--dir", folder]).status == 0)
        let package = folder + "/Stamp"
        let view = package + "/Sources/StampPlugin/Stamp/StampView.swift"
        let broken = (1...12).map { "let broken\($0): Int = \"text \($0)\"" }.joined(separator: "\n")
        try (try String(contentsOfFile: view, encoding: .utf8) + "\n" + broken + "\n").write(toFile: view, atomically: true, encoding: .utf8)
        let refused = try ViperProcess().run(["dev", package])
        #expect(refused.status == 1)
        let line = try #require(Hint.line(" more errors: run 'swift build' in ", in: refused.stderr), "\(refused.stderr)")
        let shown = refused.stderr.components(separatedBy: "to specified type 'Int'").count - 1
        let more = try #require(Int(line.trimmingCharacters(in: .whitespaces).dropFirst("and ".count).prefix { $0.isNumber }), "\(line)")
        #expect(line.hasSuffix("in \(package) to see them all"), "\(line)")
        // Run there, as the hint says: every error is in its output.
        let build = try Subprocess.tool(["swift", "build"], in: package)
        #expect(build.status != 0)
        let all = Set((1...12).filter { build.output.contains("\"text \($0)\"") || build.output.contains("broken\($0):") })
        #expect(shown + more == 12 && all.count == 12, "shown \(shown), \(more) more; swift build names \(all.count)\n\(build.output)")
    }

    /// A workspace (a folder of packages) with only a contract library: dev says to add a plugin
    /// package; one added with a build error: dev says to fix it and run again; fixed, dev builds
    /// both and opens the shell.
    @Test func aWorkspaceIsFollowedFromNoPluginThroughABrokenOneToTheShell() throws {
        let workspace = try TemporaryFolder.make("hint-dev-workspace")
        #expect(try ViperProcess().run(["new", "ContactsKit", "--contract-library", "--dir", workspace]).status == 0)
        let empty = try ViperProcess().run(["dev", workspace])
        #expect(empty.status == 1)
        #expect(empty.stderr.contains("holds no plugin package (one whose dynamic product ends in 'Plugin', as 'viper new NAME' writes it); add one"),
                "\(empty.stderr)")
        // One added, as 'viper new NAME' writes it, with a build error in it.
        #expect(try ViperProcess().run(["new", "Stamp", "--dir", workspace]).status == 0)
        let view = workspace + "/Stamp/Sources/StampPlugin/Stamp/StampView.swift"
        let original = try String(contentsOfFile: view, encoding: .utf8)
        try (original + "\nlet broken: Int = \"text\"\n").write(toFile: view, atomically: true, encoding: .utf8)
        let broken = try ViperProcess().run(["dev", workspace])
        #expect(broken.status == 1)
        #expect(broken.stderr.contains("the build of StampPlugin failed:") && broken.stderr.hasSuffix("fix it and run 'viper dev' again\n"), "\(broken.stderr)")
        try original.write(toFile: view, atomically: true, encoding: .utf8)
        let viper = try DevCommandTests.start(workspace, ["--open", "stamp"])
        try viper.waitFor("Home › Stamp", seconds: 300)
        let (status, errors) = try viper.finish()
        #expect(status == 0)
        #expect(errors.contains("Built StampPlugin in "), "\(errors)")
    }

    /// A workspace library raised to a new minor while `viper dev` runs: the running viper keeps the
    /// 1.0 it loaded, so the plugin is held ("...; quit and run 'viper dev' again"). Quit and run
    /// again, as the line says: the new library is loaded and the plugin built against it opens.
    @Test func aPluginHeldForANewLibraryVersionOpensOnceDevIsRunAgainAsTheLineSays() throws {
        let folder = try DevWorkspaceBuildTests.workspace(minor: 0)
        var environment = ViperProcess().environment
        environment["VIPER_RELOAD_PROBE"] = "1"
        environment["VIPER_RELOAD_PROBE_HEARD"] = "1"
        let first = try RunningViper(arguments: ["dev", folder, "--open", "welcome"], environment: environment)
        try first.waitFor("Welcome, nobody, from the provider", seconds: 300)
        let source = folder + "/FixtureWelcome/Sources/FixtureWelcome/FixtureWelcome.swift"
        let text = try String(contentsOfFile: source, encoding: .utf8)
        let raised = text.replacingOccurrences(of: "minor: 0,", with: "minor: 1,").replacingOccurrences(of: "0x0001_0000", with: "0x0001_0001")
        try #require(raised != text)
        try Data(raised.utf8).write(to: URL(fileURLWithPath: source))
        try DevCommandTests.poke(first, until: "WelcomeProviderPlugin not built: its library FixtureWelcome has a new version")
        let line = try #require(Hint.line("WelcomeProviderPlugin not built: its library FixtureWelcome has a new version", in: first.printed), "\(first.printed)")
        #expect(line.hasSuffix("; quit and run 'viper dev' again"), "\(line)")
        let rebuilt = try #require(Hint.line("FixtureWelcome rebuilt (now 1.1): this viper keeps running the FixtureWelcome 1.0 it loaded at start",
                                             in: first.printed), "\(first.printed)")
        #expect(rebuilt.contains("to run the new build, quit and run 'viper dev' again"), "\(rebuilt)")
        first.send("quit")
        #expect(try first.finish().status == 0)

        let again = try RunningViper(arguments: ["dev", folder, "--open", "welcome"], environment: environment)
        try again.waitFor("Welcome, nobody, from the provider", seconds: 300)
        let (status, errors) = try again.finish()
        #expect(status == 0, "\(errors)")
        #expect(errors.contains("Library FixtureWelcome 1.1: this session loads the workspace's build"), "\(errors)")
        #expect(!again.printed.contains("not built"), "\(again.printed)")
    }
}
