import Foundation
import Testing
import ViperHostTestSupport
@testable import ViperLoading
import ViperTestSupport
@testable import ViperRuntime

/// Where plugins are searched, in which order, and that a file found twice loads once.
@Suite struct PluginDiscoveryTests {
    @Test func foldersAreSearchedFlagsThenEnvironmentThenUserThenBundled() {
        let folders = PluginFolder.searchOrder(
            flags: ["/flags/one", "/flags/two/libX.so"],
            environment: ["VIPER_PLUGIN_PATH": "/env/a::/env/b", "XDG_DATA_HOME": "/xdg", "HOME": "/home/ada"],
            executableDirectory: "/opt/viper/bin")
        #expect(folders == [
            PluginFolder(path: "/flags/one", origin: .flag),
            PluginFolder(path: "/flags/two/libX.so", origin: .flag),
            PluginFolder(path: "/env/a", origin: .environment),
            PluginFolder(path: "/env/b", origin: .environment),
            PluginFolder(path: "/xdg/viper/plugins", origin: .user),
            PluginFolder(path: "/opt/viper/bin", origin: .bundled),
        ])
    }

    @Test func theUserFolderDefaultsToTheHomeFolderWhenXDGIsUnsetOrRelative() {
        for environment in [["HOME": "/home/ada"], ["HOME": "/home/ada", "XDG_DATA_HOME": "relative/path"]] {
            let folders = PluginFolder.searchOrder(flags: [], environment: environment, executableDirectory: "/bin")
            #expect(folders == [PluginFolder(path: "/home/ada/.local/share/viper/plugins", origin: .user),
                                PluginFolder(path: "/bin", origin: .bundled)])
        }
    }

    @Test func aRelativeFlagIsMadeAbsolute() {
        let folders = PluginFolder.searchOrder(flags: ["plugins/../extra"], environment: ["HOME": "/h"], executableDirectory: "/bin")
        #expect(folders.first == PluginFolder(path: FileManager.default.currentDirectoryPath + "/extra", origin: .flag))
    }

    @Test func filesAreListedFolderByFolderInNameOrderAndEachFileOnce() throws {
        let base = try TemporaryFolder.make("discovery")
        let flag = base + "/flag", env = base + "/env", bundled = base + "/bundled"
        for folder in [flag, env, bundled] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try TemporaryFolder.write([1], to: "libB.so", in: flag)
        try TemporaryFolder.write([2], to: "libA.so", in: flag)
        try TemporaryFolder.write([3], to: "notes.txt", in: flag)
        try TemporaryFolder.write([4], to: ".libHidden.so", in: flag)
        try TemporaryFolder.write([5], to: "libC.so", in: env)
        try TemporaryFolder.link(flag + "/libA.so", as: "libAlias.so", in: env)
        try TemporaryFolder.write([6], to: "libGreeterPlugin.so", in: bundled)
        try TemporaryFolder.write([7], to: "libContracts.so", in: bundled)
        let single = try TemporaryFolder.write([8], to: "libSingle.so", in: base)

        let result = PluginDiscovery.discover([
            PluginFolder(path: flag, origin: .flag),
            PluginFolder(path: single, origin: .flag),
            PluginFolder(path: flag, origin: .environment),            // the same folder again
            PluginFolder(path: env, origin: .environment),
            PluginFolder(path: base + "/absent", origin: .user),       // a missing user folder is normal
            PluginFolder(path: bundled, origin: .bundled),
        ])
        #expect(result.files.map(\.path) == [flag + "/libA.so", flag + "/libB.so", single, env + "/libC.so", bundled + "/libGreeterPlugin.so"])
        #expect(result.files.map(\.folder.origin) == [.flag, .flag, .flag, .environment, .bundled])
        #expect(result.folderProblems.isEmpty)
    }

    @Test func aMissingFolderGivenOnTheCommandLineOrInTheEnvironmentIsAProblem() {
        let result = PluginDiscovery.discover([
            PluginFolder(path: "/nonexistent/flag", origin: .flag),
            PluginFolder(path: "/nonexistent/env", origin: .environment),
        ])
        #expect(result.folderProblems == [
            "/nonexistent/flag: no such plugin folder or file (given with --plugins); check the path",
            "/nonexistent/env: no such plugin folder or file (given with VIPER_PLUGIN_PATH); check the path",
        ])
    }

    @Test func recordsKeepTheOrderTheFilesWereFoundInWhetherTheyLoadedOrNot() throws {
        let folder = try TemporaryFolder.make("record-order")
        let script = try TemporaryFolder.write(Array("not a library at all, but long enough for an ELF header".utf8), to: "libScript.so", in: folder)
        let good = try Fixtures.good()
        let noEntry = try Fixtures.c("NoEntryPlugin.c")
        let english = try Fixtures.english()
        let runtime = try TestRuntime.make(plugins: [script, good, noEntry, english], bundled: ["Greeter"])
        #expect(runtime.records.map(\.path) == [script, good, noEntry, english, runtime.folders.last.map { $0.path + "/libGreeterPlugin.so" } ?? ""])
        #expect(runtime.records.map(\.status) == [.disabled, .loaded, .disabled, .loaded, .loaded])
    }

    /// Through the real viper: every place is searched in order, and a file reached
    /// twice (a link to it, its folder listed twice) is listed and loaded once.
    @Test func viperSearchesEveryFolderInOrderAndLoadsAFileFoundTwiceOnce() throws {
        let base = try TemporaryFolder.make("search-order")
        let first = base + "/first", second = base + "/second", env = base + "/env"
        var viper = ViperProcess()
        let user = viper.environment["XDG_DATA_HOME", default: ""] + "/viper/plugins"
        for folder in [first, second, env, user] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        let good = try TemporaryFolder.link(try Fixtures.good(), as: "libGood.so", in: first)
        let salutation = try TemporaryFolder.link(try Fixtures.salutation(), as: "libSalutation.so", in: second)
        let english = try TemporaryFolder.link(try Fixtures.english(), as: "libEnglish.so", in: env)
        let adapter = try TemporaryFolder.link(try Fixtures.adapter(), as: "libAdapter.so", in: user)
        try TemporaryFolder.link(try Fixtures.good(), as: "libGoodAgain.so", in: user)   // the same file again
        viper.environment["VIPER_PLUGIN_PATH"] = "\(env):\(first)"                          // `first` listed twice
        // The adapter cannot run isolated: from the user folder it loads only when trusted (not what this test is about).
        try Data(#"{"trust": ["fixture-adapter"]}"#.utf8).write(to: URL(fileURLWithPath: viper.dataFolder + "/config.json"))

        let result = try viper.run(["plugins", "--json", "--plugins", first, "--plugins", second])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try PluginsReport.decode(result.stdout)
        #expect(Array(report.folders.prefix(5)) == [
            .init(path: first, origin: "flag"), .init(path: second, origin: "flag"),
            .init(path: env, origin: "environment"), .init(path: first, origin: "environment"),
            .init(path: user, origin: "user"),
        ])
        #expect(report.folders.last?.origin == "bundled")

        let ours = report.plugins.filter { $0.origin != "bundled" }
        #expect(ours.map(\.path) == [good, salutation, english, adapter])
        #expect(ours.map(\.origin) == ["flag", "flag", "environment", "user"])
        #expect(ours.allSatisfy { $0.isUsable }, "\(ours.map { "\($0.path): \($0.reason ?? "")" })")
        #expect(report.plugins.filter { $0.name == "fixture-good" }.count == 1)
        #expect(report.plugin(named: "greeter")?.origin == "bundled")
        #expect(report.problemLines.filter { $0.hasPrefix(base) }.isEmpty, "\(report.problemLines)")
    }
}
